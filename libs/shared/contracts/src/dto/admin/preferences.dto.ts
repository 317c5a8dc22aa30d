import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, Matches } from 'class-validator';
import { RequiredString } from '../common/fields';

/** Longest preference value kept, as JSON. */
export const MAX_PREFERENCE_BYTES = 64 * 1024;
/** Most preferences one account keeps. */
export const MAX_PREFERENCES_PER_ACCOUNT = 200;

/** Any JSON value, for the document. */
const ANY_JSON = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object' }, { type: 'array', items: {} }];

export class PreferenceKeyParams {
  @RequiredString(100)
  @Matches(/^[A-Za-z0-9_.:-]+$/, { message: 'key must be letters, digits and _ . : -' })
  key: string;
}

export class SetPreferenceBody {
  @ApiPropertyOptional({ description: 'Any JSON value (64 KB at most); absent is null', oneOf: ANY_JSON })
  @Allow()
  value?: unknown;
}

export class PreferenceResponse {
  @ApiProperty({ nullable: true, description: 'The value set', oneOf: ANY_JSON }) value: unknown;
}

export class IntrospectBody {
  @RequiredString(200)
  botId: string;
}

export class IntrospectResponse {
  @ApiProperty() workspaceId: string;
  @ApiProperty() botId: string;
  @ApiProperty({ description: 'The account of the token' }) userId: string;
}
