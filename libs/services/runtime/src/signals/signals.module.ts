import { Module } from '@nestjs/common';
import { ConversationSignals } from './conversation-signals';

@Module({
  providers: [ConversationSignals],
  exports: [ConversationSignals],
})
export class SignalsModule {}
