import { TaskView } from '@platform/contracts';
import { TaskEntity } from './task.entity';

export function toTaskView(t: TaskEntity): TaskView {
  return {
    id: t.id,
    title: t.title,
    type: t.type,
    data: t.data,
    status: t.status,
    ...(t.parentTaskId ? { parentTaskId: t.parentTaskId } : {}),
    conversationId: t.conversationId,
    ...(t.userId ? { userId: t.userId } : {}),
    timeoutAt: t.timeoutAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    ...(t.failureReason !== null ? { failureReason: t.failureReason } : {}),
    tags: t.tags,
  };
}
