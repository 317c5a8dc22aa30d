import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ListQuery, Page, PageQuery } from '@platform/persistence';
import { AuditRecordEntity } from './audit-record.entity';

@Injectable()
export class AuditRepository {
  constructor(@InjectRepository(AuditRecordEntity) private readonly records: Repository<AuditRecordEntity>) {}

  async insert(records: AuditRecordEntity[], manager: EntityManager = this.records.manager): Promise<void> {
    if (records.length > 0) await manager.insert(AuditRecordEntity, records);
  }

  /** The workspace's records, newest first. */
  list(workspaceId: string, page: PageQuery): Promise<Page<AuditRecordEntity>> {
    return new ListQuery(this.records.manager, AuditRecordEntity, 'r')
      .whereEquals('workspaceId', workspaceId)
      .page({ sortProperty: 'recordedAt', direction: 'desc' }, page);
  }
}
