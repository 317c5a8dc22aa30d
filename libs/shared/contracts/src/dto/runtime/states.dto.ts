import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsJsonObject } from '../common/validators';

/** What a state may be attached to; `bot` states are keyed by the bot's own id. */
export const STATE_TYPES = ['conversation', 'user', 'bot', 'task'] as const;
export type StateType = (typeof STATE_TYPES)[number];

/** Longest expiry accepted, in milliseconds (100 years): far beyond any use, well within a date. */
export const MAX_STATE_EXPIRY_MS = 100 * 365.25 * 24 * 3600 * 1000;

const EXPIRY_DESCRIPTION =
  'Expiry in milliseconds: the state expires once it has not been written for this long. Null removes the expiry; absent keeps the current one.';

/** `expiry`: a positive number of milliseconds, or null; absent is allowed unless `required`. */
function expiryRules(target: object, property: string, required: boolean): void {
  ValidateIf((_, value) => value !== null && (required || value !== undefined))(target, property);
  IsInt({ message: 'expiry must be an integer number of milliseconds or null' })(target, property);
  Min(1)(target, property);
  Max(MAX_STATE_EXPIRY_MS)(target, property);
}

const Expiry =
  (required = false): PropertyDecorator =>
  (target, property) =>
    expiryRules(target, property as string, required);

export class StateParams {
  @ApiProperty({ enum: STATE_TYPES })
  @IsIn(STATE_TYPES)
  type: StateType;

  @ApiProperty({ maxLength: 200, description: 'Id of the conversation, user, bot or task the state belongs to' })
  @IsString()
  @MaxLength(200)
  id: string;

  @ApiProperty({ maxLength: 200, description: 'Name of the state, as declared in the bot definition' })
  @IsString()
  @MaxLength(200)
  name: string;
}

export class SetStateBody {
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'New payload; null deletes the state' })
  @ValidateIf((_, value) => value !== null)
  @IsJsonObject()
  payload: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: MAX_STATE_EXPIRY_MS, description: EXPIRY_DESCRIPTION })
  @Expiry()
  expiry?: number | null;
}

export class GetOrSetStateBody {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Payload of the state if it does not exist yet' })
  @IsJsonObject()
  payload: Record<string, unknown>;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: MAX_STATE_EXPIRY_MS,
    description: 'Expiry in milliseconds of the state if it is created',
  })
  @Expiry()
  expiry?: number | null;
}

export class PatchStateBody {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Top-level properties to set on the payload (shallow merge)' })
  @IsJsonObject()
  payload: Record<string, unknown>;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: MAX_STATE_EXPIRY_MS, description: EXPIRY_DESCRIPTION })
  @Expiry()
  expiry?: number | null;
}

export class SetStateExpiryBody {
  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: MAX_STATE_EXPIRY_MS, description: 'Expiry in milliseconds; null removes it' })
  @Expiry(true)
  expiry: number | null;
}

export class RuntimeStateView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() botId: string;
  @ApiPropertyOptional() conversationId?: string;
  @ApiPropertyOptional() userId?: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: STATE_TYPES }) type: StateType;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'Expiry in milliseconds; absent when the state does not expire' }) expiry?: number;
  @ApiPropertyOptional({ format: 'date-time', description: 'When the state expires unless written again' }) expiresAt?: string;
}

export class StateMeta {
  @ApiProperty({ description: 'Always false: states are read from the database' }) cached: boolean;
}

export class RuntimeStateResponse {
  @ApiProperty({ type: RuntimeStateView }) state: RuntimeStateView;
  @ApiProperty({ type: StateMeta }) meta: StateMeta;
}

/** The answer of setState, patchState and setStateExpiry: no `meta`, as in the reference. */
export class RuntimeStateWriteResponse {
  @ApiProperty({ type: RuntimeStateView }) state: RuntimeStateView;
}
