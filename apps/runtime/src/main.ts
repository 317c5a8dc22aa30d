import 'reflect-metadata';
import { RuntimeModule } from '@platform/runtime-service';
import { runService } from '@platform/messaging';

runService('runtime', (config) => RuntimeModule.forRoot(config));
