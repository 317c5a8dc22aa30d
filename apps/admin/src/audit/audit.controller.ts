import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminCaller, GetAuditRecordsQuery, ServiceRequest, Subjects } from '@platform/contracts';
import { AuditService } from './audit.service';

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @MessagePattern(Subjects.admin.getAuditRecords)
  list(@Payload() { caller, input }: ServiceRequest<AdminCaller, GetAuditRecordsQuery & { id: string }>) {
    return this.audit.list(caller, input);
  }
}
