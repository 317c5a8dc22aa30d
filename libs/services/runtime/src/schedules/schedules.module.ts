import { Module } from '@nestjs/common';
import { SchedulesRepository } from './schedules.repository';

/** The scheduler's queue, for the modules that schedule (messages, events); the firing is `SchedulerModule`'s. */
@Module({
  providers: [SchedulesRepository],
  exports: [SchedulesRepository],
})
export class SchedulesModule {}
