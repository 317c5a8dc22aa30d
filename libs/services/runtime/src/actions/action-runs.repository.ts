import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { keysetPage, MAX_PAGE_SIZE, Page } from '@platform/persistence';
import { ActionRunEntity } from './action-run.entity';

export interface ActionRunFilter {
  botId: string;
  integrationName: string;
  from?: Date;
  until?: Date;
  nextToken?: string;
}

@Injectable()
export class ActionRunsRepository {
  constructor(@InjectRepository(ActionRunEntity) private readonly runs: Repository<ActionRunEntity>) {}

  async insert(run: ActionRunEntity): Promise<void> {
    await this.runs.insert(run as never);
  }

  /** Newest first. */
  list(filter: ActionRunFilter): Promise<Page<ActionRunEntity>> {
    const query = this.runs
      .createQueryBuilder('r')
      .where('r.bot_id = :botId AND r.integration_name = :integrationName', { botId: filter.botId, integrationName: filter.integrationName });
    if (filter.from) query.andWhere('r.created_at >= :from', { from: filter.from });
    if (filter.until) query.andWhere('r.created_at <= :until', { until: filter.until });
    return keysetPage(query, { sortProperty: 'createdAt', direction: 'desc' }, { nextToken: filter.nextToken, pageSize: MAX_PAGE_SIZE });
  }
}
