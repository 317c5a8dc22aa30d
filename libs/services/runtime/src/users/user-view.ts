import { RuntimeUserView } from '@platform/contracts';
import { isoTimeSql } from '@platform/persistence';
import { UserEntity } from './user.entity';

export function toRuntimeUserView(user: UserEntity): RuntimeUserView {
  return {
    id: user.id,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    tags: user.tags,
    ...(user.name !== null ? { name: user.name } : {}),
    ...(user.pictureUrl !== null ? { pictureUrl: user.pictureUrl } : {}),
  };
}

/** The same view in SQL, of the user row under `alias` (for the event recording a message, made in its write). */
export function runtimeUserViewSql(alias: string): string {
  const column = (name: string) => `${alias}."${name}"`;
  return `(jsonb_build_object('id', ${column('id')}, 'createdAt', ${isoTimeSql(column('created_at'))}, 'updatedAt', ${isoTimeSql(column('updated_at'))}, 'tags', ${column('tags')})
    || CASE WHEN ${column('name')} IS NOT NULL THEN jsonb_build_object('name', ${column('name')}) ELSE '{}'::jsonb END
    || CASE WHEN ${column('picture_url')} IS NOT NULL THEN jsonb_build_object('pictureUrl', ${column('picture_url')}) ELSE '{}'::jsonb END)`;
}
