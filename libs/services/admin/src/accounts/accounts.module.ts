import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { BootstrapService } from './bootstrap.service';

/** Accounts and their tokens. Their repository comes with `AccessModule`, which authenticates against it. */
@Module({
  imports: [AccessModule],
  controllers: [AccountsController],
  providers: [AccountsService, BootstrapService],
})
export class AccountsModule {}
