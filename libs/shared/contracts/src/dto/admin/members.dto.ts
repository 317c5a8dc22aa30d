import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { SizedPageQueryDto } from '../common/pagination.dto';
import { IsOmittable } from '../common/validators';
import { ROLES, Role } from '../../roles';
import { MAX_EMAIL_LENGTH } from './account.dto';

export class WorkspaceMemberView {
  @ApiProperty({ description: 'Id of the membership' }) id: string;
  @ApiPropertyOptional({ description: "Id of the member's account; absent while the invitation is not accepted" }) userId?: string;
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
  @ApiProperty({
    maxLength: MAX_EMAIL_LENGTH,
    description: 'Email of the person invited; they become a member when their account accepts (listAccountInvitations)',
  })
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

/** An invitation to a workspace, as the invited account sees it (experimental). */
export class AccountInvitationView {
  @ApiProperty({ description: 'Id of the membership the invitation becomes' }) id: string;
  @ApiProperty() workspaceId: string;
  @ApiProperty() workspaceName: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ListAccountInvitationsQuery extends SizedPageQueryDto {}

export class ListAccountInvitationsResponse {
  @ApiProperty({ type: [AccountInvitationView] }) invitations: AccountInvitationView[];
  @ApiProperty({ type: 'object', properties: { nextToken: { type: 'string' } } }) meta: { nextToken?: string };
}

export class AcceptAccountInvitationResponse {
  @ApiProperty() workspaceId: string;
  @ApiProperty({ type: WorkspaceMemberView }) member: WorkspaceMemberView;
}
