import { RuntimeUserView } from '@platform/contracts';
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
