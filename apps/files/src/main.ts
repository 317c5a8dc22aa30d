import 'reflect-metadata';
import { FilesModule } from '@platform/files-service';
import { runService } from '@platform/messaging';

runService('files', (config) => FilesModule.forRoot(config));
