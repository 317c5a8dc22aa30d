import { Module } from '@nestjs/common';
import { FailuresController } from './failures.controller';
import { FailuresRepository } from './failures.repository';

/** A bot's failed deliveries, for the admin API's bot issues. */
@Module({
  controllers: [FailuresController],
  providers: [FailuresRepository],
})
export class FailuresModule {}
