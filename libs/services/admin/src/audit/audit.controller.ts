import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { AuditService } from './audit.service';

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Handles(Admin.getAuditRecords)
  list({ access, input }: OperationRequest<typeof Admin.getAuditRecords, WorkspaceAccess>) {
    return this.audit.list(access, input);
  }
}
