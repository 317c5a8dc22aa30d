import 'reflect-metadata';
import { AdminModule } from '@platform/admin-service';
import { runService } from '@platform/messaging';

runService('admin', (config) => AdminModule.forRoot(config));
