import { Injectable } from '@nestjs/common';
import { ListParticipantsResponse, RuntimeCaller, RuntimeParticipantResponse, SizedPageQueryDto } from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { RuntimeAccessService } from '../access/runtime-access.service';
import { ConversationsService } from '../conversations/conversations.service';
import { toRuntimeUserView } from '../users/user-view';
import { ParticipantsService } from './participants.service';

/** Participants through the runtime API: the bot manages those of any of its conversations. */
@Injectable()
export class BotParticipantsService {
  constructor(
    private readonly access: RuntimeAccessService,
    private readonly conversations: ConversationsService,
    private readonly participants: ParticipantsService,
  ) {}

  async list(caller: RuntimeCaller, conversationId: string, page: SizedPageQueryDto): Promise<ListParticipantsResponse> {
    const botId = await this.authorize(caller, conversationId);
    const participants = await this.participants.list(botId, conversationId, page);
    return { participants: participants.items.map(toRuntimeUserView), meta: pageMeta(participants) };
  }

  async add(caller: RuntimeCaller, conversationId: string, userId: string): Promise<RuntimeParticipantResponse> {
    const botId = await this.authorize(caller, conversationId);
    return { participant: toRuntimeUserView(await this.participants.add(botId, conversationId, userId)) };
  }

  async get(caller: RuntimeCaller, conversationId: string, userId: string): Promise<RuntimeParticipantResponse> {
    const botId = await this.authorize(caller, conversationId);
    return { participant: toRuntimeUserView(await this.participants.get(botId, conversationId, userId)) };
  }

  async remove(caller: RuntimeCaller, conversationId: string, userId: string): Promise<Record<string, never>> {
    const botId = await this.authorize(caller, conversationId);
    await this.participants.remove(botId, conversationId, userId);
    return {};
  }

  /** The bot acting, once its conversation is known to exist (404 otherwise). */
  private async authorize(caller: RuntimeCaller, conversationId: string): Promise<string> {
    const { botId } = await this.access.authorize(caller);
    await this.conversations.require(botId, conversationId);
    return botId;
  }
}
