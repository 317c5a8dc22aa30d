import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class CreateBotApiKeyBody {
  @ApiProperty({ description: 'Bot the key acts for' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  botId: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'What the key is for' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;
}

export class ListBotApiKeysQuery {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  botId: string;
}

export class BotApiKeyView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() note: string;
}

export class CreatedBotApiKeyResponse extends BotApiKeyView {
  @ApiProperty({ description: 'The key itself, shown only in this answer: only its hash is kept' }) value: string;
}

export class ListBotApiKeysResponse {
  @ApiProperty({ type: [BotApiKeyView] }) baks: BotApiKeyView[];
}
