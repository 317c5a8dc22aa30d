import { Module } from '@nestjs/common';
import { RuntimeAccessService } from './runtime-access.service';

/** Who may act on a bot, as the admin service answers it (cached, dropped on notice). */
@Module({
  providers: [RuntimeAccessService],
  exports: [RuntimeAccessService],
})
export class AccessModule {}
