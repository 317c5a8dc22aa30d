import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, MinLength } from 'class-validator';
import { OmittableString, RequiredString } from '../common/fields';

/** Most versions one bot keeps. */
export const MAX_BOT_VERSIONS = 100;

export class BotVersionParams {
  @RequiredString(200)
  id: string;

  @RequiredString(200)
  versionId: string;
}

export class CreateBotVersionBody {
  @RequiredString(200)
  @MinLength(1)
  name: string;

  @OmittableString(2000)
  description?: string;
}

export class DeployBotVersionBody {
  @RequiredString(200)
  versionId: string;
}

export class BotVersionView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional() description?: string;
}

export class CreateBotVersionResponse {
  @ApiProperty({ type: BotVersionView }) version: BotVersionView;
}

export class ListBotVersionsResponse {
  @ApiProperty({ type: [BotVersionView] }) versions: BotVersionView[];
}

export class GetBotVersionResponse {
  @ApiProperty({ format: 'uri', description: "The version's bot JSON, as a `data:application/json;base64,…` URL" }) url: string;
}

export class PublishFromBotJsonBody {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'A bot JSON, as getBotJson answers it' })
  @IsObject()
  botJson: Record<string, unknown>;
}
