import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { EventsModule } from '../events/events.module';
import { MessagesModule } from '../messages/messages.module';
import { ParticipantsModule } from '../participants/participants.module';
import { UsersModule } from '../users/users.module';
import { WebchatConversationsController } from './webchat-conversations.controller';
import { WebchatEventsController } from './webchat-events.controller';
import { WebchatMessagesController } from './webchat-messages.controller';
import { WebchatSessionController } from './webchat-session.controller';
import { WebchatSessions } from './webchat-sessions.service';
import { WebchatUsersController } from './webchat-users.controller';

/**
 * The web chat's API (`/webchat/{clientId}/…`), served beside the chat API by the same
 * resources: only its shapes differ (docs/architecture.md, "The chat integration").
 */
@Module({
  imports: [ConversationsModule, EventsModule, MessagesModule, ParticipantsModule, UsersModule],
  controllers: [WebchatSessionController, WebchatUsersController, WebchatConversationsController, WebchatMessagesController, WebchatEventsController],
  providers: [WebchatSessions],
})
export class WebchatModule {}
