import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsJsonObject, IsStringMap } from '../common/validators';
import { RuntimeMessageView } from './runtime-views';

export class CreateMessageBody {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Payload of the message, without its type' })
  @IsJsonObject()
  payload: Record<string, unknown>;

  @ApiProperty({ maxLength: 200, description: 'Author; the bot writes as its own user, whose id is the bot id (x-bot-user-id)' })
  @IsString()
  @MaxLength(200)
  userId: string;

  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(200)
  conversationId: string;

  @ApiProperty({ maxLength: 200, example: 'text' })
  @IsString()
  @MaxLength(200)
  type: string;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  @IsStringMap()
  tags: Record<string, string>;

  @ApiPropertyOptional({ enum: ['synthetic'] })
  @IsOptional()
  @IsIn(['synthetic'])
  origin?: 'synthetic';
}

export class RuntimeMessageResponse {
  @ApiProperty({ type: RuntimeMessageView }) message: RuntimeMessageView;
}
