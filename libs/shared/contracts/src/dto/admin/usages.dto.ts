import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';

/** The usage types of the API. */
export const USAGE_TYPES = [
  'invocation_timeout',
  'invocation_calls',
  'storage_count',
  'bot_count',
  'knowledgebase_vector_storage',
  'workspace_ratelimit',
  'table_row_count',
  'workspace_member_count',
  'integrations_owned_count',
  'ai_spend',
  'openai_spend',
  'bing_search_spend',
  'always_alive',
  'indexed_file_count',
  'file_max_size_bytes',
] as const;
export type UsageType = (typeof USAGE_TYPES)[number];

/** The usages this platform measures, each with a quota set by a setting. */
export const MEASURED_USAGES = ['bot_count', 'workspace_member_count'] as const satisfies readonly UsageType[];

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export class UsagePeriodQuery {
  @ApiPropertyOptional({ description: 'Month, `YYYY-MM`; the current one when absent' })
  @IsOptional()
  @Matches(PERIOD, { message: 'period must be a month, YYYY-MM' })
  period?: string;
}

export class UsageTypeQuery extends UsagePeriodQuery {
  @ApiProperty({ enum: USAGE_TYPES })
  @IsIn(USAGE_TYPES)
  type: UsageType;
}

export class UsageView {
  @ApiProperty({ description: 'The workspace' }) id: string;
  @ApiProperty() period: string;
  @ApiProperty() value: number;
  @ApiProperty() quota: number;
  @ApiProperty({ enum: USAGE_TYPES }) type: UsageType;
}

export class QuotaView {
  @ApiProperty() period: string;
  @ApiProperty() value: number;
  @ApiProperty({ enum: USAGE_TYPES }) type: UsageType;
}

export class ListWorkspaceUsagesResponse {
  @ApiProperty({ type: [UsageView] }) usages: UsageView[];
}

export class GetWorkspaceQuotaResponse {
  @ApiProperty({ type: QuotaView }) quota: QuotaView;
}

export class ListWorkspaceQuotasResponse {
  @ApiProperty({ type: [QuotaView] }) quotas: QuotaView[];
}

export interface QuotaCompletion {
  type: UsageType;
  completion: number;
}
