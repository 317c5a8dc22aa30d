import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalString } from '../common/fields';

export class BotLogsQuery {
  @ApiProperty({ format: 'date-time', description: 'Start of the time range (ISO 8601)' })
  @IsDateString()
  timeStart: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsDateString()
  timeEnd?: string;

  @ApiPropertyOptional({ enum: ['debug', 'info', 'warn', 'error'] })
  @IsOptional()
  @IsIn(['debug', 'info', 'warn', 'error'])
  level?: string;

  @OptionalString(200)
  userId?: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Accepted for compatibility; this platform runs no workflows' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  workflowId?: string;

  @OptionalString(200)
  conversationId?: string;

  @OptionalString(200)
  messageContains?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  nextToken?: string;
}

export class BotLogView {
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty() level: string;
  @ApiProperty() message: string;
  @ApiPropertyOptional() userId?: string;
  @ApiPropertyOptional() conversationId?: string;
}

export class BotLogsResponse {
  @ApiProperty({ type: [BotLogView] }) logs: BotLogView[];
  @ApiPropertyOptional() nextToken?: string;
}
