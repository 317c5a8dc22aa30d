import { WorkflowView } from '@platform/contracts';
import { WorkflowEntity } from './workflow.entity';

export function toWorkflowView(w: WorkflowEntity): WorkflowView {
  return {
    id: w.id,
    name: w.name,
    status: w.status,
    input: w.input,
    output: w.output,
    ...(w.parentWorkflowId ? { parentWorkflowId: w.parentWorkflowId } : {}),
    ...(w.conversationId ? { conversationId: w.conversationId } : {}),
    ...(w.userId ? { userId: w.userId } : {}),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    ...(w.completedAt ? { completedAt: w.completedAt.toISOString() } : {}),
    ...(w.failureReason !== null ? { failureReason: w.failureReason } : {}),
    timeoutAt: w.timeoutAt.toISOString(),
    tags: w.tags,
  };
}
