import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
import { AuditRecordEntity } from './audit-record.entity';

@Injectable()
export class AuditRepository {
  constructor(@InjectRepository(AuditRecordEntity) private readonly records: Repository<AuditRecordEntity>) {}

  async insert(records: AuditRecordEntity[], manager: EntityManager = this.records.manager): Promise<void> {
    if (records.length > 0) await manager.insert(AuditRecordEntity, records);
  }

  /** The workspace's records, newest first. */
  list(workspaceId: string, page: PageQuery): Promise<Page<AuditRecordEntity>> {
    const query = this.records.createQueryBuilder('r').where('r.workspace_id = :workspaceId', { workspaceId });
    return keysetPage(query, { sortProperty: 'recordedAt', direction: 'desc' }, page);
  }
}
