import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDateString,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { FOREIGN_ID_PATTERN } from '../ids';
import { ListActionRunsQuery } from './admin/action-runs.dto';
import { BotLogsQuery } from './admin/bot-logs.dto';
import { RequiredString } from './common/fields';
import { PageQueryDto } from './common/pagination.dto';
import { CreateConversationBody } from './runtime/conversations.dto';
import { CreateUserBody } from './runtime/users.dto';

/** Requests services make of each other (never routed from HTTP), validated like any other. */

export class BotRef {
  @RequiredString(200)
  botId: string;
}

export class AuthorizeRuntimeBody extends BotRef {
  @Matches(/^[0-9a-f]{64}$/)
  tokenHash: string;
}

/** A caller of bot `botId` asking to write to another bot as well (copyFile with `x-destination-bot-id`). */
export class AuthorizeDestinationBotBody extends AuthorizeRuntimeBody {
  @RequiredString(200)
  destinationBotId: string;
}

export class WebhookRef {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  webhookId: string;
}

export class BotLogsOfBotQuery extends BotLogsQuery {
  @RequiredString(200)
  botId: string;
}

export class BotActionRunsQuery extends ListActionRunsQuery {
  @RequiredString(200)
  botId: string;
}

/**
 * The chat integration creates its users and conversations under the ids its own API gives
 * them (a caller-chosen id is a foreign id, `^[a-zA-Z0-9_-]{1,100}$`).
 */
export class CreateIntegrationUserBody extends CreateUserBody {
  @IsOptional()
  @IsString()
  @Matches(FOREIGN_ID_PATTERN, { message: '$property must match ^[a-zA-Z0-9_-]{1,100}$' })
  id?: string;

  /**
   * When the user is created from a key naming it (its `iat`, Unix seconds): a key issued before
   * a user of that id was deleted does not bring it back.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  keyIssuedAt?: number;
}

export class CreateIntegrationConversationBody extends CreateConversationBody {
  @IsOptional()
  @IsString()
  @Matches(FOREIGN_ID_PATTERN, { message: '$property must match ^[a-zA-Z0-9_-]{1,100}$' })
  id?: string;

  /** Users taking part from the start (the chat user who opens it). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  participantIds?: string[];
}

/** The keys of deployments older than this one may go: the bots service no longer runs them. */
export class RetireDeploymentKeysBody extends BotRef {
  @IsDateString()
  deployedAt: string;
}

/**
 * An event for a bot's code, or another operation of the sdk's bot handler (`register`,
 * `unregister`): the request as the bot-server convention shapes it (docs/contracts.md, "Events").
 */
export class RunBotRequestBody extends BotRef {
  @IsObject()
  headers: Record<string, string>;

  @IsOptional()
  @IsString()
  body?: string;

  /** The bot's revision the caller knows of: code run with an older one is refreshed first. */
  @IsOptional()
  @IsDateString()
  revision?: string;

  /** How long the caller waits for the answer. */
  @IsInt()
  @Min(100)
  @Max(600000)
  timeoutMs: number;
}

export class BotLogLine {
  @IsDateString()
  timestamp: string;

  @IsIn(['debug', 'info', 'warn', 'error'])
  level: 'debug' | 'info' | 'warn' | 'error';

  @IsString()
  @MaxLength(4096)
  message: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  conversationId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  userId?: string;
}

/** Lines a bot's process wrote, and what the bots service says about the process, for getBotLogs. */
export class WriteBotLogsBody extends BotRef {
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => BotLogLine)
  lines: BotLogLine[];
}

/** A conversation's messages, newest first (the web chat opens on the latest page). */
export class RecentMessagesQuery extends PageQueryDto {
  @RequiredString(200)
  conversationId: string;
}

/** A bot's failed deliveries, grouped by failure reason (the admin API's bot issues). */
export class BotFailuresQuery {
  @RequiredString(200)
  botId: string;
}

export interface BotFailureGroup {
  reason: string;
  count: number;
  first: string;
  last: string;
}

/** The failed deliveries of a bot with one failure reason, newest first, after a moment. */
export class BotFailedEventsQuery {
  @RequiredString(200)
  botId: string;

  @RequiredString(4000)
  reason: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true })
  after?: string;
}

export interface BotFailedEvent {
  id: string;
  type: string;
  createdAt: string;
}
