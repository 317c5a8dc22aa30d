import 'reflect-metadata';
import { TablesServiceModule } from '@platform/tables-service';
import { runService } from '@platform/messaging';

runService('tables', (config) => TablesServiceModule.forRoot(config));
