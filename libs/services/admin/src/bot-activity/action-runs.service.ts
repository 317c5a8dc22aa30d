import { Injectable } from '@nestjs/common';
import { InternalOperations as Internal, ListActionRunsQuery, ListActionRunsResponse } from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { ADMIN } from '../admin-caller';
import { BotsService } from '../bots/bots.service';

/** listActionRuns: the bot's callAction calls, recorded by the runtime service that answers them. */
@Injectable()
export class ActionRunsService {
  constructor(
    private readonly bots: BotsService,
    private readonly bus: BusClient,
  ) {}

  async list(access: WorkspaceAccess, botId: string, query: ListActionRunsQuery): Promise<ListActionRunsResponse> {
    await this.bots.get(access, botId);
    return this.bus.call(Internal.botActionRuns, serviceEnvelope(ADMIN, { body: { ...query, botId } })) as Promise<ListActionRunsResponse>;
  }
}
