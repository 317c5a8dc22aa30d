import { Injectable } from '@nestjs/common';
import { ListParticipantsResponse, RuntimeParticipantResponse, SizedPageQueryDto } from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { BotAccess } from '@platform/bot-access';
import { ConversationsService } from '../conversations/conversations.service';
import { toRuntimeUserView } from '../users/user-view';
import { ParticipantsService } from './participants.service';

/** Participants through the runtime API: the bot manages those of any of its conversations. */
@Injectable()
export class BotParticipantsService {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly participants: ParticipantsService,
  ) {}

  async list(access: BotAccess, conversationId: string, page: SizedPageQueryDto): Promise<ListParticipantsResponse> {
    const botId = await this.authorize(access, conversationId);
    const participants = await this.participants.list(botId, conversationId, page);
    return { participants: participants.items.map(toRuntimeUserView), meta: pageMeta(participants) };
  }

  async add(access: BotAccess, conversationId: string, userId: string): Promise<RuntimeParticipantResponse> {
    const botId = await this.authorize(access, conversationId);
    return { participant: toRuntimeUserView(await this.participants.add(botId, conversationId, userId)) };
  }

  async get(access: BotAccess, conversationId: string, userId: string): Promise<RuntimeParticipantResponse> {
    const botId = await this.authorize(access, conversationId);
    return { participant: toRuntimeUserView(await this.participants.get(botId, conversationId, userId)) };
  }

  async remove(access: BotAccess, conversationId: string, userId: string): Promise<Record<string, never>> {
    const botId = await this.authorize(access, conversationId);
    await this.participants.remove(botId, conversationId, userId);
    return {};
  }

  /** The bot acting, once the conversation is known to exist and be within the caller's reach. */
  private async authorize(access: BotAccess, conversationId: string): Promise<string> {
    await this.conversations.requireFor(access, conversationId);
    return access.botId;
  }
}
