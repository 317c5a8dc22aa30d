import 'reflect-metadata';
import { runService } from '@platform/messaging';
import { AdminModule } from './admin.module';

runService('admin', (config) => AdminModule.forRoot(config));
