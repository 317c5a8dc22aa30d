import 'reflect-metadata';
import { ChatModule } from '@platform/chat-service';
import { runService } from '@platform/messaging';

runService('chat', (config) => ChatModule.forRoot(config));
