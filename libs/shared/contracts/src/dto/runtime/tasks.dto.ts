import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { OmittableString, OptionalString, QueryArray, RequiredString } from '../common/fields';
import { ListMetaDto, SizedPageQueryDto } from '../common/pagination.dto';
import { IsJsonObject, IsOmittable, IsStringMap } from '../common/validators';
import { TagChanges, TagsFilter } from './runtime-lists.dto';

export const TASK_STATUSES = ['pending', 'in_progress', 'failed', 'completed', 'blocked', 'paused', 'timeout', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** A task in one of these is over: it changes no more and never times out. */
export const TASK_FINISHED_STATUSES: readonly TaskStatus[] = ['failed', 'completed', 'timeout', 'cancelled'];
/** Longest task title, as the reference's Task has it. */
export const MAX_TASK_TITLE = 64;

export class TaskView {
  @ApiProperty() id: string;
  @ApiProperty({ maxLength: MAX_TASK_TITLE }) title: string;
  @ApiProperty() type: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
  @ApiProperty({ enum: TASK_STATUSES }) status: TaskStatus;
  @ApiPropertyOptional() parentTaskId?: string;
  @ApiPropertyOptional() conversationId?: string;
  @ApiPropertyOptional() userId?: string;
  @ApiProperty({ format: 'date-time' }) timeoutAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional() failureReason?: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) tags: Record<string, string>;
}

export class TaskResponse {
  @ApiProperty({ type: TaskView }) task: TaskView;
}

export class CreateTaskBody {
  @ApiPropertyOptional({ maxLength: MAX_TASK_TITLE })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_TASK_TITLE)
  title?: string;

  @RequiredString(200)
  type: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOmittable()
  @IsJsonObject()
  data?: Record<string, unknown>;

  @OmittableString(200)
  parentTaskId?: string;

  @RequiredString(200)
  conversationId: string;

  @OmittableString(200)
  userId?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'When the task times out if not finished; 24 hours after its creation by default, at most a year ahead',
  })
  @IsOmittable()
  @IsISO8601({ strict: true })
  timeoutAt?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOmittable()
  @IsStringMap()
  tags?: Record<string, string>;
}

export class UpdateTaskBody {
  @ApiPropertyOptional({ maxLength: MAX_TASK_TITLE })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_TASK_TITLE)
  title?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOmittable()
  @IsJsonObject()
  data?: Record<string, unknown>;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOmittable()
  @IsISO8601({ strict: true })
  timeoutAt?: string;

  @ApiPropertyOptional({ enum: TASK_STATUSES })
  @IsOmittable()
  @IsIn(TASK_STATUSES)
  status?: TaskStatus;

  @TagChanges(false)
  tags?: Record<string, string | null>;
}

export class ListTasksQuery extends SizedPageQueryDto {
  @TagsFilter()
  tags?: Record<string, string>;

  @OptionalString(200)
  conversationId?: string;

  @OptionalString(200)
  userId?: string;

  @OptionalString(200)
  parentTaskId?: string;

  @ApiPropertyOptional({ type: [String], enum: TASK_STATUSES })
  @IsOptional()
  @QueryArray()
  @IsArray()
  @ArrayMaxSize(TASK_STATUSES.length)
  @IsIn(TASK_STATUSES, { each: true })
  status?: TaskStatus[];

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  type?: string;
}

export class ListTasksResponse {
  @ApiProperty({ type: [TaskView] }) tasks: TaskView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
