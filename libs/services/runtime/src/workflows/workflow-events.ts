import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { toRuntimeConversationView } from '../conversations/conversation-view';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { newEvent } from '../events/new-event';
import { toRuntimeUserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import { toWorkflowView } from './workflow-view';
import { WorkflowEntity } from './workflow.entity';

/** Type of the events telling the bot about its workflows; `payload.type` says what happened. */
export const WORKFLOW_UPDATE = 'workflow_update';
export type WorkflowUpdateType = 'workflow_started' | 'workflow_continued' | 'workflow_timedout';

/**
 * The `workflow_update` events the sdk's handlers expect (`bot.on.workflowStart`,
 * `workflowContinue`, `workflowTimeout`): `{ type, workflow, conversation?, user? }`, delivered to
 * the bot in the workflow's conversation lane.
 */
@Injectable()
export class WorkflowEvents {
  constructor(
    private readonly events: EventsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Records the event within `manager`'s transaction; publish it once committed. */
  async record(workflow: WorkflowEntity, type: WorkflowUpdateType, manager: EntityManager): Promise<EventEntity> {
    const conversation = workflow.conversationId ? await this.conversations.find(workflow.botId, workflow.conversationId) : null;
    const user = workflow.userId ? await this.users.find(workflow.botId, workflow.userId) : null;
    const event = newEvent({
      botId: workflow.botId,
      type: WORKFLOW_UPDATE,
      direction: 'incoming',
      conversationId: conversation?.id ?? null,
      userId: user?.id ?? null,
      payload: {
        type,
        workflow: toWorkflowView(workflow),
        ...(conversation ? { conversation: toRuntimeConversationView(conversation) } : {}),
        ...(user ? { user: toRuntimeUserView(user) } : {}),
      },
    });
    await this.events.insert(event, manager);
    return event;
  }
}
