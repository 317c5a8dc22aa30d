import 'reflect-metadata';
import { BotsModule } from '@platform/bots-service';
import { runService } from '@platform/messaging';

runService('bots', (config) => BotsModule.forRoot(config));
