import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { SizedPageQueryDto } from '../common/pagination.dto';
import { IsOmittable } from '../common/validators';
import { MAX_EMAIL_LENGTH } from './account.dto';
import { OmittableString, OptionalString } from '../common/fields';

/** Lowercase letters, digits and inner hyphens: a handle appears in URLs. */
export const WORKSPACE_HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/;

export class ListWorkspacesQuery extends SizedPageQueryDto {
  @OptionalString(100)
  handle?: string;
}

export class WorkspaceView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() ownerId: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() botCount: number;
  @ApiProperty({ enum: ['v1', 'v2', 'v3', 'v4'] }) billingVersion: string;
  @ApiProperty({ enum: ['community', 'team', 'enterprise', 'plus', 'managed'] }) plan: string;
  @ApiProperty() blocked: boolean;
  @ApiProperty() spendingLimit: number;
  @ApiPropertyOptional() about?: string;
  @ApiPropertyOptional() profilePicture?: string;
  @ApiPropertyOptional() contactEmail?: string;
  @ApiPropertyOptional() website?: string;
  @ApiPropertyOptional({ type: [String] }) socialAccounts?: string[];
  @ApiPropertyOptional() isPublic?: boolean;
  @ApiPropertyOptional() handle?: string;
  @ApiProperty({ type: String, nullable: true }) activeTrialId: string | null;
}

export class ListWorkspacesResponse {
  @ApiProperty({ type: [WorkspaceView] }) workspaces: WorkspaceView[];
  @ApiProperty({ type: 'object', properties: { nextToken: { type: 'string' } } }) meta: { nextToken?: string };
}

export class CreateWorkspaceBody {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ enum: ['v4'] })
  @IsOmittable()
  @IsIn(['v4'])
  billingVersion?: 'v4';
}

export class UpdateWorkspaceBody {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOmittable()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000000, description: 'Kept and returned; a self-hosted platform bills nothing' })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(1000000)
  spendingLimit?: number;

  @OmittableString(2000)
  about?: string;

  @OmittableString(2000)
  profilePicture?: string;

  @ApiPropertyOptional({ maxLength: MAX_EMAIL_LENGTH })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  @IsEmail({ require_tld: false })
  contactEmail?: string;

  @OmittableString(2000)
  website?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 5 })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @MaxLength(2000, { each: true })
  socialAccounts?: string[];

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  isPublic?: boolean;

  @ApiPropertyOptional({ pattern: WORKSPACE_HANDLE_PATTERN.source, maxLength: 50 })
  @IsOmittable()
  @IsString()
  @MaxLength(50)
  @Matches(WORKSPACE_HANDLE_PATTERN, { message: 'handle must be 1 to 50 lowercase letters, digits or inner hyphens' })
  handle?: string;
}

export class WorkspaceIdParam {
  @ApiProperty()
  @IsString()
  @MaxLength(100)
  id: string;
}
