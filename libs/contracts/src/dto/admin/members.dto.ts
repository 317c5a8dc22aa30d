import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { SizedPageQueryDto } from '../common/pagination.dto';
import { IsOmittable } from '../common/validators';
import { ROLES, Role } from '../../roles';
import { MAX_EMAIL_LENGTH } from './account.dto';

export class WorkspaceMemberView {
  @ApiProperty({ description: 'Id of the membership' }) id: string;
  @ApiPropertyOptional({ description: 'Id of the member\'s account' }) userId?: string;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiPropertyOptional() profilePicture?: string;
  @ApiPropertyOptional() displayName?: string;
}

export class ListWorkspaceMembersQuery extends SizedPageQueryDto {}

export class ListWorkspaceMembersResponse {
  @ApiProperty({ type: [WorkspaceMemberView] }) members: WorkspaceMemberView[];
  @ApiProperty({ type: 'object', properties: { nextToken: { type: 'string' } } }) meta: { nextToken?: string };
}

export class CreateWorkspaceMemberBody {
  @ApiProperty({ maxLength: MAX_EMAIL_LENGTH, description: 'Email of an existing account' })
  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  @IsEmail({ require_tld: false })
  email: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role: Role;

  @ApiPropertyOptional({ description: 'Accepted for compatibility; a self-hosted platform sends no mail' })
  @IsOmittable()
  @IsBoolean()
  sendEmail?: boolean;
}

export class UpdateWorkspaceMemberBody {
  @ApiPropertyOptional({ enum: ROLES })
  @IsOmittable()
  @IsIn(ROLES)
  role?: Role;
}

export class MemberIdParam {
  @ApiProperty()
  @IsString()
  @MaxLength(100)
  id: string;
}
