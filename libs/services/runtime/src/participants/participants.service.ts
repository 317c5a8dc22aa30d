import { Injectable } from '@nestjs/common';
import { Errors } from '@platform/contracts';
import { Page, PageQuery } from '@platform/persistence';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ConversationSignals } from '../signals/conversation-signals';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { toRuntimeUserView } from '../users/user-view';

/**
 * The rules of who takes part in a conversation, whichever API (chat or runtime) changes it.
 * The caller has checked that the conversation exists and that it may act on it.
 */
@Injectable()
export class ParticipantsService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly users: UsersService,
    private readonly usersRepository: UsersRepository,
    private readonly signals: ConversationSignals,
  ) {}

  /** Adding a participant twice changes nothing and signals nothing. */
  async add(botId: string, conversationId: string, userId: string): Promise<UserEntity> {
    const user = await this.users.require(botId, userId);
    const added = await this.conversations.addParticipant({ botId, conversationId, userId, createdAt: new Date() });
    if (added) this.signals.emit(botId, conversationId, { type: 'participant_added', conversationId, userId, user: toRuntimeUserView(user) });
    return user;
  }

  async get(botId: string, conversationId: string, userId: string): Promise<UserEntity> {
    const isParticipant = await this.conversations.isParticipant(botId, conversationId, userId);
    const user = isParticipant ? await this.usersRepository.find(botId, userId) : null;
    if (!user) throw Errors.notFound('Participant', userId);
    return user;
  }

  /** The participants as users, in the order they joined. */
  async list(botId: string, conversationId: string, page: PageQuery): Promise<Page<UserEntity>> {
    const participants = await this.conversations.listParticipants(botId, conversationId, page);
    const users = new Map(
      (
        await this.usersRepository.findMany(
          botId,
          participants.items.map((p) => p.userId),
        )
      ).map((u) => [u.id, u]),
    );
    return { items: participants.items.flatMap((p) => users.get(p.userId) ?? []), nextToken: participants.nextToken };
  }

  /** The removed user's listeners get the signal, then their streams end. */
  async remove(botId: string, conversationId: string, userId: string): Promise<void> {
    if (!(await this.conversations.removeParticipant(botId, conversationId, userId))) throw Errors.notFound('Participant', userId);
    this.signals.emitAndClose(botId, conversationId, { type: 'participant_removed', conversationId, userId }, { userId });
  }
}
