import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SizedPageQueryDto } from '../common/pagination.dto';

/** The actions `@botpress/client` knows; changes it has no name for are `UNKNOWN`. */
export const AUDIT_ACTIONS = [
  'UNKNOWN',
  'ADD_WORKSPACE_MEMBER',
  'REMOVE_WORKSPACE_MEMBER',
  'UPDATE_WORKSPACE_MEMBER',
  'CLOSE_WORKSPACE',
  'CREATE_BOT',
  'CREATE_WORKSPACE',
  'DELETE_BOT',
  'DEPLOY_BOT',
  'UPDATE_BOT',
  'UPDATE_WORKSPACE',
  'SET_SPENDING_LIMIT',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export class AuditRecordView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) recordedAt: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Account that made the change' }) userId: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) userEmail?: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Id of the resource changed' }) resourceId: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) resourceName?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'New value, such as the role granted' }) value?: string | null;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: AuditAction;
}

export class GetAuditRecordsQuery extends SizedPageQueryDto {}

export class GetAuditRecordsResponse {
  @ApiProperty({ type: [AuditRecordView] }) records: AuditRecordView[];
  @ApiProperty({ type: 'object', properties: { nextToken: { type: 'string' } } }) meta: { nextToken?: string };
}
