import { TAGS_FILTER_DOCUMENTATION } from '../runtime/runtime-lists.dto';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, MaxLength, Min, registerDecorator, ValidateNested } from 'class-validator';
import { SizedPageQueryDto } from '../common/pagination.dto';
import {
  IsBotConfiguration,
  IsNullableObjectMap,
  IsNullableStringMap,
  IsOmittable,
  IsStringMap,
  IsSubscriptions,
  IsTagDefinitions,
} from '../common/validators';
import { OmittableString, QueryArray, QueryBoolean } from '../common/fields';

const BOT_TYPES = ['studio', 'adk', 'desk'] as const;
const MAX_CODE_BYTES = 45 * 1024 * 1024;

class MediaDto {
  @ApiProperty() @IsString() @MaxLength(2000) url: string;
  @ApiProperty() @IsString() @MaxLength(200) name: string;
}

const objectMap = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const;

/** Fields shared by createBot and updateBot. */
class BotDefinitionBody {
  @OmittableString(200)
  name?: string;

  @OmittableString(2000)
  description?: string;

  @ApiPropertyOptional(objectMap('Configuration `{ data, schema }`'))
  @IsOmittable()
  @IsBotConfiguration()
  configuration?: { data?: Record<string, unknown>; schema?: Record<string, unknown> };

  @ApiPropertyOptional(objectMap('User tag definitions'))
  @IsOmittable()
  @IsTagDefinitions()
  user?: Record<string, unknown>;

  @ApiPropertyOptional(objectMap('Conversation tag definitions'))
  @IsOmittable()
  @IsTagDefinitions()
  conversation?: Record<string, unknown>;

  @ApiPropertyOptional(objectMap('Message tag definitions'))
  @IsOmittable()
  @IsTagDefinitions()
  message?: Record<string, unknown>;

  @ApiPropertyOptional(objectMap('Event definitions by name'))
  @IsOmittable()
  @IsNullableObjectMap()
  events?: Record<string, unknown>;

  @ApiPropertyOptional(objectMap('Action definitions by name'))
  @IsOmittable()
  @IsNullableObjectMap()
  actions?: Record<string, unknown>;

  @ApiPropertyOptional(objectMap('State definitions by name'))
  @IsOmittable()
  @IsNullableObjectMap()
  states?: Record<string, unknown>;

  @ApiPropertyOptional(objectMap('Recurring events by name'))
  @IsOmittable()
  @IsNullableObjectMap()
  recurringEvents?: Record<string, unknown>;

  @ApiPropertyOptional(objectMap('Event subscriptions `{ events }`'))
  @IsOmittable()
  @IsSubscriptions()
  subscriptions?: { events: Record<string, unknown> | null };

  @ApiPropertyOptional({ description: 'Bot code bundle' })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_CODE_BYTES)
  code?: string;

  @ApiPropertyOptional({ type: [MediaDto] })
  @IsOmittable()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MediaDto)
  medias?: MediaDto[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string', nullable: true } })
  @IsOmittable()
  @IsNullableStringMap()
  secrets?: Record<string, string | null>;

  @ApiPropertyOptional({ enum: BOT_TYPES })
  @IsOmittable()
  @IsIn(BOT_TYPES)
  type?: (typeof BOT_TYPES)[number];

  @ApiPropertyOptional({ minimum: 1, maximum: 900 })
  @IsOmittable()
  @IsInt()
  @Min(1)
  @Max(900)
  maxExecutionTime?: number;
}

/**
 * A bot's url: http or https only (deliveries also refuse addresses that are not public unless
 * the operator allows them, docs/contracts.md "Events"); null or absent for a bot without one.
 */
const BotUrl = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, description }),
    IsOptional(),
    IsString(),
    MaxLength(2000),
    IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false, require_host: true }, { message: 'url must be an http or https URL' }),
  );

export class CreateBotBody extends BotDefinitionBody {
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOmittable()
  @IsStringMap()
  tags?: Record<string, string>;

  @BotUrl("Where the bot's code receives events")
  url?: string | null;

  @ApiPropertyOptional({ description: 'A development bot' })
  @IsOmittable()
  @IsBoolean()
  dev?: boolean;
}

export class UpdateBotIntegrationDto {
  enabled?: boolean;
  integrationId?: string;
  configurationType?: string | null;
  configuration?: Record<string, unknown>;
  disabledChannels?: string[];
}

/** Why an `integrations` map of updateBot is invalid, or undefined. */
export function integrationsMapProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'integrations must be an object';
  for (const [alias, entry] of Object.entries(value)) {
    const at = `integrations.${alias}`;
    if (!/^[a-zA-Z0-9_-]{1,100}$/.test(alias)) return `${at}: an alias must match ^[a-zA-Z0-9_-]{1,100}$`;
    if (entry === null) continue;
    if (typeof entry !== 'object' || Array.isArray(entry)) return `${at} must be an object or null`;
    const e = entry as Record<string, unknown>;
    const known = ['enabled', 'integrationId', 'configurationType', 'configuration', 'disabledChannels'];
    const unknown = Object.keys(e).find((k) => !known.includes(k));
    if (unknown) return `${at}.${unknown} is not a known property`;
    if (e.enabled !== undefined && typeof e.enabled !== 'boolean') return `${at}.enabled must be a boolean`;
    if (e.integrationId !== undefined && (typeof e.integrationId !== 'string' || e.integrationId.length > 200)) return `${at}.integrationId must be a string`;
    if (e.configurationType !== undefined && e.configurationType !== null && typeof e.configurationType !== 'string')
      return `${at}.configurationType must be a string or null`;
    if (e.configuration !== undefined && (typeof e.configuration !== 'object' || e.configuration === null || Array.isArray(e.configuration)))
      return `${at}.configuration must be an object`;
    if (e.disabledChannels !== undefined && (!Array.isArray(e.disabledChannels) || !e.disabledChannels.every((c) => typeof c === 'string')))
      return `${at}.disabledChannels must be an array of strings`;
  }
  return undefined;
}

function IsIntegrationsMap(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isIntegrationsMap',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (v: unknown) => integrationsMapProblem(v) === undefined,
        defaultMessage: (args) => integrationsMapProblem(args?.value) ?? 'integrations is invalid',
      },
    });
}

export class UpdateBotBody extends BotDefinitionBody {
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string', nullable: true }, description: 'null removes a tag' })
  @IsOmittable()
  @IsNullableStringMap()
  tags?: Record<string, string | null>;

  @BotUrl("Where the bot's code receives events; null removes it")
  url?: string | null;

  @ApiPropertyOptional({ enum: ['iam', 'hmac-sha256'] })
  @IsOmittable()
  @IsIn(['iam', 'hmac-sha256'])
  authentication?: 'iam' | 'hmac-sha256';

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  blocked?: boolean;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  alwaysAlive?: boolean;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Installed integrations by alias: `{ integrationId, enabled, configuration }`; null uninstalls',
  })
  @IsOmittable()
  @IsIntegrationsMap()
  integrations?: Record<string, UpdateBotIntegrationDto | null>;

  @ApiPropertyOptional(objectMap('Installed plugins by alias'))
  @IsOmittable()
  @IsNullableObjectMap()
  plugins?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' } })
  @IsOmittable()
  @IsArray()
  layers?: unknown[];
}

export class ListBotsQuery extends SizedPageQueryDto {
  @ApiPropertyOptional({ description: 'Only development bots (true) or only production bots (false)' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  dev?: boolean;

  @ApiPropertyOptional(TAGS_FILTER_DOCUMENTATION('Bots having all these tags'))
  @IsOptional()
  @IsStringMap()
  tags?: Record<string, string>;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @QueryArray()
  @IsString({ each: true })
  integrationNames?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @QueryArray()
  @IsString({ each: true })
  pluginNames?: string[];

  @ApiPropertyOptional({ enum: ['createdAt', 'updatedAt'], default: 'createdAt' })
  @IsOptional()
  @IsIn(['createdAt', 'updatedAt'])
  sortField?: 'createdAt' | 'updatedAt';

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortDirection?: 'asc' | 'desc';
}

export class BotSummaryView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ format: 'date-time' }) deployedAt?: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) tags: Record<string, string>;
  @ApiProperty({ enum: BOT_TYPES }) type: string;
}

export class BotIntegrationView {
  @ApiProperty() enabled: boolean;
  @ApiProperty() name: string;
  @ApiProperty() version: string;
  @ApiProperty() webhookUrl: string;
  @ApiProperty() webhookId: string;
  @ApiPropertyOptional() identifier?: string;
  @ApiProperty({ type: String, nullable: true }) configurationType: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) configuration: Record<string, unknown>;
  @ApiProperty() status: string;
  @ApiProperty({ type: String, nullable: true }) statusReason: string | null;
  @ApiProperty({ type: [String] }) disabledChannels: string[];
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty() iconUrl: string;
  @ApiProperty() public: boolean;
  @ApiProperty() visibility: string;
  @ApiProperty() verificationStatus: string;
  @ApiProperty() lifecycleStatus: string;
}

export class BotView extends BotSummaryView {
  @ApiProperty() signingSecret: string;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/BotIntegrationView' } })
  integrations: Record<string, BotIntegrationView>;
  @ApiProperty({ type: 'object', additionalProperties: true }) plugins: Record<string, unknown>;
  @ApiPropertyOptional() maxExecutionTime?: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) user: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) conversation: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) message: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) states: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) configuration: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) events: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) recurringEvents: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) subscriptions: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) actions: Record<string, unknown>;
  @ApiPropertyOptional() description?: string;
  @ApiProperty() dev: boolean;
  @ApiProperty({ type: [String] }) secrets: string[];
  @ApiPropertyOptional() createdBy?: string;
  @ApiProperty() alwaysAlive: boolean;
  @ApiProperty() status: string;
  @ApiProperty({ type: [MediaDto] }) medias: MediaDto[];
}

export class BotResponse {
  @ApiProperty({ type: BotView }) bot: BotView;
}

export class ListBotsResponse {
  @ApiProperty({ type: [BotSummaryView] }) bots: BotSummaryView[];
  @ApiProperty({ type: 'object', properties: { nextToken: { type: 'string' } } }) meta: { nextToken?: string };
}

export class BotIdParam {
  @ApiProperty()
  @IsString()
  @MaxLength(100)
  id: string;
}

export class RotateBotSigningSecretsResponse {
  @ApiProperty({ description: 'The new signing secret, used at once; the previous ones keep signing deliveries for 24 hours' })
  newSigningSecret: string;
}
