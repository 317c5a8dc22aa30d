import 'reflect-metadata';
import { runService } from '@platform/messaging';
import { ChatModule } from './chat.module';

runService('chat', (config) => ChatModule.forRoot(config));
