import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { OmittableString, OptionalString, QueryArray, RequiredString } from '../common/fields';
import { ListMetaDto, SizedPageQueryDto } from '../common/pagination.dto';
import { IsJsonObject, IsOmittable, IsStringMap } from '../common/validators';
import { DiscriminateByTags, TagChanges, TagsFilter } from './runtime-lists.dto';

export const WORKFLOW_STATUSES = ['pending', 'in_progress', 'failed', 'completed', 'listening', 'paused', 'timedout', 'cancelled'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
/** Statuses a workflow may be created with. */
export const WORKFLOW_START_STATUSES = ['pending', 'in_progress', 'listening'] as const;
/** Statuses updateWorkflow may set. */
export const WORKFLOW_UPDATE_STATUSES = ['completed', 'cancelled', 'listening', 'paused', 'failed', 'in_progress'] as const;
/** A workflow in one of these is over: it changes no more and never times out. */
export const WORKFLOW_FINISHED_STATUSES: readonly WorkflowStatus[] = ['failed', 'completed', 'timedout', 'cancelled'];

export class WorkflowView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: WORKFLOW_STATUSES }) status: WorkflowStatus;
  @ApiProperty({ type: 'object', additionalProperties: true }) input: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) output: Record<string, unknown>;
  @ApiPropertyOptional() parentWorkflowId?: string;
  @ApiPropertyOptional() conversationId?: string;
  @ApiPropertyOptional() userId?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional({ format: 'date-time' }) completedAt?: string;
  @ApiPropertyOptional() failureReason?: string;
  @ApiProperty({ format: 'date-time' }) timeoutAt: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) tags: Record<string, string>;
}

export class WorkflowResponse {
  @ApiProperty({ type: WorkflowView }) workflow: WorkflowView;
}

class WorkflowFieldsBody {
  @RequiredString(200)
  name: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOmittable()
  @IsJsonObject()
  input?: Record<string, unknown>;

  @OmittableString(200)
  parentWorkflowId?: string;

  @OmittableString(200)
  conversationId?: string;

  @OmittableString(200)
  userId?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'When the workflow times out if still active; 24 hours after its creation by default, at most a year ahead',
  })
  @IsOmittable()
  @IsISO8601({ strict: true })
  timeoutAt?: string;

  @ApiProperty({ enum: WORKFLOW_START_STATUSES, description: '`pending` starts it: the bot gets workflow_started' })
  @IsIn(WORKFLOW_START_STATUSES)
  status: (typeof WORKFLOW_START_STATUSES)[number];

  @OmittableString(200)
  eventId?: string;
}

export class CreateWorkflowBody extends WorkflowFieldsBody {
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOmittable()
  @IsStringMap()
  tags?: Record<string, string>;
}

export class GetOrCreateWorkflowBody extends WorkflowFieldsBody {
  @TagChanges(false)
  tags?: Record<string, string | null>;

  @DiscriminateByTags()
  discriminateByTags?: string[];

  @ApiPropertyOptional({ enum: ['active', 'finished'], description: 'Only a workflow still active (or only a finished one) is found' })
  @IsOmittable()
  @IsIn(['active', 'finished'])
  discriminateByStatusGroup?: 'active' | 'finished';
}

export class UpdateWorkflowBody {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOmittable()
  @IsJsonObject()
  output?: Record<string, unknown>;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOmittable()
  @IsISO8601({ strict: true })
  timeoutAt?: string;

  @ApiPropertyOptional({ enum: WORKFLOW_UPDATE_STATUSES })
  @IsOmittable()
  @IsIn(WORKFLOW_UPDATE_STATUSES)
  status?: (typeof WORKFLOW_UPDATE_STATUSES)[number];

  @OmittableString(2000)
  failureReason?: string;

  @TagChanges(false)
  tags?: Record<string, string | null>;

  @OmittableString(200)
  userId?: string;

  @OmittableString(200)
  eventId?: string;
}

export class ListWorkflowsQuery extends SizedPageQueryDto {
  @TagsFilter()
  tags?: Record<string, string>;

  @OptionalString(200)
  conversationId?: string;

  @OptionalString(200)
  userId?: string;

  @OptionalString(200)
  parentWorkflowId?: string;

  @ApiPropertyOptional({ type: [String], enum: WORKFLOW_STATUSES })
  @IsOptional()
  @QueryArray()
  @IsArray()
  @ArrayMaxSize(WORKFLOW_STATUSES.length)
  @IsIn(WORKFLOW_STATUSES, { each: true })
  statuses?: WorkflowStatus[];

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

export class ListWorkflowsResponse {
  @ApiProperty({ type: [WorkflowView] }) workflows: WorkflowView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
