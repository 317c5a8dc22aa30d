import { Injectable } from '@nestjs/common';
import { Errors, InitializeIncomingMessageBody, InitializeIncomingMessageResponse, RuntimeConversationView, RuntimeUserView } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { BotConversationsService } from '../conversations/bot-conversations.service';
import { BotMessagesService } from '../messages/bot-messages.service';
import { BotParticipantsService } from '../participants/bot-participants.service';
import { BotUsersService } from '../users/bot-users.service';

/**
 * initializeIncomingMessage: what an integration does for each message from its channel, in one
 * call, through the same rules as the separate operations (get-or-create by tags, participants,
 * the message and its event to the bot).
 */
@Injectable()
export class IncomingService {
  constructor(
    private readonly users: BotUsersService,
    private readonly conversations: BotConversationsService,
    private readonly participants: BotParticipantsService,
    private readonly messages: BotMessagesService,
  ) {}

  async initialize(access: BotAccess, input: InitializeIncomingMessageBody): Promise<InitializeIncomingMessageResponse> {
    if ((input.userId === undefined) === (input.user === undefined)) throw Errors.invalidPayload('Give either userId or user');
    if ((input.conversationId === undefined) === (input.conversation === undefined)) throw Errors.invalidPayload('Give either conversationId or conversation');
    const user: RuntimeUserView =
      input.userId !== undefined ? (await this.users.get(access, input.userId)).user : (await this.users.getOrCreate(access, input.user!)).user;
    const conversation: RuntimeConversationView =
      input.conversationId !== undefined
        ? (await this.conversations.get(access, input.conversationId)).conversation
        : (await this.conversations.getOrCreate(access, input.conversation!)).conversation;
    await this.participants.add(access, conversation.id, user.id);
    // The reference's Conversation has no message count.
    const { messageCount: _count, ...shown } = conversation;
    if (!input.message) return { user, conversation: shown };
    const { message } = await this.messages.getOrCreate(access, { ...input.message, conversationId: conversation.id, userId: user.id });
    return { user, conversation: shown, message };
  }
}
