import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { SizedPageQueryDto } from '../common/pagination.dto';

export class ListWorkspacesQuery extends SizedPageQueryDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
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
  @ApiPropertyOptional() handle?: string;
  @ApiProperty({ type: String, nullable: true }) activeTrialId: string | null;
}

export class ListWorkspacesResponse {
  @ApiProperty({ type: [WorkspaceView] }) workspaces: WorkspaceView[];
  @ApiProperty({ type: 'object', properties: { nextToken: { type: 'string' } } }) meta: { nextToken?: string };
}
