import { RuntimeConversationView } from '@platform/contracts';
import { isoTimeSql } from '@platform/persistence';
import { ConversationEntity } from './conversation.entity';

export function toRuntimeConversationView(c: ConversationEntity): RuntimeConversationView {
  return {
    id: c.id,
    ...(c.currentTaskId ? { currentTaskId: c.currentTaskId } : {}),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    channel: c.channel,
    integration: c.integration ?? '',
    tags: c.tags,
    messageCount: c.messageCount,
  };
}

/**
 * The same view in SQL, of the conversation row under `alias`: a message's write fills in the
 * event recording it with the conversation as it wrote it, without reading it first.
 */
export function runtimeConversationViewSql(alias: string): string {
  const column = (name: string) => `${alias}."${name}"`;
  return `(jsonb_build_object('id', ${column('id')}, 'createdAt', ${isoTimeSql(column('created_at'))}, 'updatedAt', ${isoTimeSql(column('updated_at'))},
      'channel', ${column('channel')}, 'integration', coalesce(${column('integration')}, ''), 'tags', ${column('tags')}, 'messageCount', ${column('message_count')})
    || CASE WHEN coalesce(${column('current_task_id')}, '') <> '' THEN jsonb_build_object('currentTaskId', ${column('current_task_id')}) ELSE '{}'::jsonb END)`;
}
