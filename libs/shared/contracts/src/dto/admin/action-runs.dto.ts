import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, MinLength } from 'class-validator';
import { RequiredString } from '../common/fields';
import { ListMetaDto, PageQueryDto } from '../common/pagination.dto';

/** An input longer than this (as JSON) is not kept; the run says so with `inputTruncated`. */
export const ACTION_RUN_MAX_JSON_BYTES = 190 * 1024;

export class ListActionRunsQuery extends PageQueryDto {
  @RequiredString(200)
  @MinLength(1)
  integrationName: string;

  @ApiPropertyOptional({ description: 'Start timestamp (inclusive), ISO 8601' })
  @IsOptional()
  @IsISO8601({ strict: true })
  timestampFrom?: string;

  @ApiPropertyOptional({ description: 'End timestamp (inclusive), ISO 8601' })
  @IsOptional()
  @IsISO8601({ strict: true })
  timestampUntil?: string;
}

export class ActionRunView {
  @ApiProperty({ description: 'When the action was called' }) timestamp: string;
  @ApiProperty({ description: 'Alias of the integration instance the action was called on' }) integrationName: string;
  @ApiProperty({ description: 'Name of the action' }) actionType: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) input: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'Present when the input was over 190 KB and is not kept' }) inputTruncated?: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) output: Record<string, unknown> | null;
  @ApiProperty({ enum: ['SUCCESS', 'FAILURE'] }) status: 'SUCCESS' | 'FAILURE';
  @ApiProperty() durationMs: number;
  @ApiProperty() cached: boolean;
  @ApiProperty({ type: String, nullable: true }) errorMessage: string | null;
}

export class ListActionRunsResponse {
  @ApiProperty({ type: [ActionRunView] }) data: ActionRunView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
