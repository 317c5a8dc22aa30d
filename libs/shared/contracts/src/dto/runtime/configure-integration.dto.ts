import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsEmptyObject } from '../common/validators';

export const SCHEDULES = ['hourly', 'daily', 'weekly', 'bi-weekly', 'monthly', 'bi-monthly', 'quarterly', 'yearly'] as const;
export type Schedule = (typeof SCHEDULES)[number];

export class ConfigureIntegrationBody {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'Unique identifier of the integration that was installed on the bot' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  identifier?: string | null;

  @ApiPropertyOptional({ enum: SCHEDULES, description: 'Recurring schedule on which `register()` will be called on the integration' })
  @ValidateIf((o) => o.scheduleRegisterCall !== undefined)
  @IsIn(SCHEDULES)
  scheduleRegisterCall?: Schedule;

  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    additionalProperties: false,
    properties: {},
    description: '**EXPERIMENTAL** Sandbox identifiers for the integration. Setting this to null will remove all sandbox identifiers.',
    'x-experimental': true,
  } as never)
  @IsOptional()
  @IsEmptyObject()
  sandboxIdentifiers?: Record<string, never> | null;
}

/** What the runtime keeps per bot and integration instance. */
export interface IntegrationSettings {
  alias: string;
  identifier: string | null;
  scheduleRegisterCall: Schedule | null;
  sandboxIdentifiers: Record<string, never> | null;
}
