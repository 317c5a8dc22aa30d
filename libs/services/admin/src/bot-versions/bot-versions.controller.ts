import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { BotsService } from '../bots/bots.service';
import { BotVersionsService } from './bot-versions.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, WorkspaceAccess>;

@Controller()
export class BotVersionsController {
  constructor(
    private readonly versions: BotVersionsService,
    private readonly bots: BotsService,
  ) {}

  @Handles(Admin.getBotJson)
  botJson({ access, input }: Request<typeof Admin.getBotJson>) {
    return this.bots.botJson(access, input.id);
  }

  @Handles(Admin.publishFromBotJson)
  publish({ access, input }: Request<typeof Admin.publishFromBotJson>) {
    return this.bots.publish(access, input.id, input.botJson, 'publishFromBotJson');
  }

  @Handles(Admin.createBotVersion)
  create({ access, input }: Request<typeof Admin.createBotVersion>) {
    return this.versions.create(access, input.id, input);
  }

  @Handles(Admin.listBotVersions)
  list({ access, input }: Request<typeof Admin.listBotVersions>) {
    return this.versions.list(access, input.id);
  }

  @Handles(Admin.getBotVersion)
  get({ access, input }: Request<typeof Admin.getBotVersion>) {
    return this.versions.get(access, input.id, input.versionId);
  }

  @Handles(Admin.deployBotVersion)
  deploy({ access, input }: Request<typeof Admin.deployBotVersion>) {
    return this.versions.deploy(access, input.id, input.versionId);
  }
}
