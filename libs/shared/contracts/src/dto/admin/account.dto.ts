import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { IsOmittable } from '../common/validators';
import { OmittableString } from '../common/fields';

/** Longest address RFC 5321 lets through. */
export const MAX_EMAIL_LENGTH = 254;

export class AccountView {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiPropertyOptional() displayName?: string;
  @ApiProperty({ description: 'Always false: a self-hosted platform sends no verification mail' }) emailVerified: boolean;
  @ApiPropertyOptional() profilePicture?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class AccountResponse {
  @ApiProperty({ type: AccountView }) account: AccountView;
}

export class UpdateAccountBody {
  @OmittableString(200)
  displayName?: string;

  @ApiPropertyOptional({ maxLength: 2000, description: 'URL of a picture' })
  @IsOmittable()
  @IsString()
  @MaxLength(2000)
  profilePicture?: string;

  @ApiPropertyOptional({ description: 'Accepted for compatibility; there is no identity provider to refresh from' })
  @IsOmittable()
  @IsBoolean()
  refresh?: boolean;
}

export class CreatePersonalAccessTokenBody {
  @ApiProperty({ maxLength: 500, description: 'Note to identify the token' })
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  note: string;
}

export class PersonalAccessTokenView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() note: string;
}

export class CreatedPersonalAccessTokenView extends PersonalAccessTokenView {
  @ApiProperty({ description: 'The token itself, shown only in this answer: only its hash is kept' }) value: string;
}

export class CreatePersonalAccessTokenResponse {
  @ApiProperty({ type: CreatedPersonalAccessTokenView }) pat: CreatedPersonalAccessTokenView;
}

export class ListPersonalAccessTokensResponse {
  @ApiProperty({ type: [PersonalAccessTokenView] }) pats: PersonalAccessTokenView[];
}

export class CreateAccountBody {
  @ApiProperty({ maxLength: MAX_EMAIL_LENGTH })
  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  // Self-hosted addresses may have no top-level domain (`owner@localhost`).
  @IsEmail({ require_tld: false })
  email: string;
}

export class CreateAccountResponse {
  @ApiProperty({ type: AccountView }) account: AccountView;
  @ApiProperty({ description: 'First personal access token of the account, shown only in this answer' }) token: string;
}
