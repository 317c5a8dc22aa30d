import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredString } from '../common/fields';

export class BotIssueParams {
  @RequiredString(200)
  id: string;

  @RequiredString(200)
  issueId: string;
}

export class ListBotIssuesQuery {
  @ApiPropertyOptional({ description: 'Accepted for compatibility: every issue (100 at most) is on the first page' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  nextToken?: string;
}

export interface IssueDatum {
  raw: string;
  pretty?: string;
}

const DATA: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: { type: 'object', properties: { raw: { type: 'string' }, pretty: { type: 'string' } }, required: ['raw'] },
};

export class BotIssueView {
  @ApiProperty() id: string;
  @ApiProperty() code: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) lastSeenAt: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty(DATA) groupedData: Record<string, IssueDatum>;
  @ApiProperty() eventsCount: number;
  @ApiProperty({ enum: ['user_code', 'limits', 'configuration', 'other'] }) category: 'user_code' | 'limits' | 'configuration' | 'other';
  @ApiProperty({ type: String, nullable: true }) resolutionLink: string | null;
}

export class BotIssueResponse {
  @ApiProperty({ type: BotIssueView }) issue: BotIssueView;
}

export class ListBotIssuesResponse {
  @ApiProperty({ type: [BotIssueView] }) issues: BotIssueView[];
  @ApiProperty({ type: 'object', properties: { nextToken: { type: 'string' } } }) meta: { nextToken?: string };
}

export class BotIssueEventView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty(DATA) data: Record<string, IssueDatum>;
}

export class ListBotIssueEventsResponse {
  @ApiProperty({ type: [BotIssueEventView] }) issueEvents: BotIssueEventView[];
}
