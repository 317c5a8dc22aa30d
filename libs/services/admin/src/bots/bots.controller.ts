import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { BotsService } from './bots.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, WorkspaceAccess>;

@Controller()
export class BotsController {
  constructor(private readonly bots: BotsService) {}

  @Handles(Admin.createBot)
  create({ access, input }: Request<typeof Admin.createBot>) {
    return this.bots.create(access, input);
  }

  @Handles(Admin.introspect)
  introspect({ access, input }: OperationRequest<typeof Admin.introspect, AccountEntity>) {
    return this.bots.introspect(access, input.botId);
  }

  @Handles(Admin.getBot)
  get({ access, input }: Request<typeof Admin.getBot>) {
    return this.bots.get(access, input.id);
  }

  @Handles(Admin.listBots)
  list({ access, input }: Request<typeof Admin.listBots>) {
    return this.bots.list(access, input);
  }

  @Handles(Admin.updateBot)
  update({ access, input }: Request<typeof Admin.updateBot>) {
    return this.bots.update(access, input);
  }

  @Handles(Admin.getBotLogs)
  logs({ access, input: { id, ...query } }: Request<typeof Admin.getBotLogs>) {
    return this.bots.logs(access, id, query);
  }

  @Handles(Admin.rotateBotSigningSecrets)
  rotateSigningSecrets({ access, input }: Request<typeof Admin.rotateBotSigningSecrets>) {
    return this.bots.rotateSigningSecrets(access, input.id);
  }

  @Handles(Admin.deleteBot)
  delete({ access, input }: Request<typeof Admin.deleteBot>) {
    return this.bots.delete(access, input.id);
  }
}
