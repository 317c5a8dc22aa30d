import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListQuery, MAX_PAGE_SIZE, Page } from '@platform/persistence';
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
    const query = new ListQuery(this.runs.manager, ActionRunEntity, 'r')
      .whereEquals('botId', filter.botId)
      .whereEquals('integrationName', filter.integrationName)
      .whereCompares('createdAt', '>=', filter.from)
      .whereCompares('createdAt', '<=', filter.until);
    return query.page({ sortProperty: 'createdAt', direction: 'desc' }, { nextToken: filter.nextToken, pageSize: MAX_PAGE_SIZE });
  }
}
