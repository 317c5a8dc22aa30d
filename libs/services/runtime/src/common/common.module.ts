import { Module } from '@nestjs/common';
import { GetOrCreate } from './get-or-create';
import { KeyLock } from './key-lock';

/** The rule shared by every get-or-create operation, and the lock it holds. */
@Module({
  providers: [KeyLock, GetOrCreate],
  exports: [GetOrCreate],
})
export class CommonModule {}
