import 'reflect-metadata';
import { runService } from '@platform/messaging';
import { RuntimeModule } from './runtime.module';

runService('runtime', (config) => RuntimeModule.forRoot(config));
