import { Controller } from '@nestjs/common';
import { FilesOperations as Files } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { KnowledgeBasesService } from './knowledge-bases.service';

type Request<O extends (typeof Files)[keyof typeof Files]> = OperationRequest<O, BotAccess>;

@Controller()
export class KnowledgeBasesController {
  constructor(private readonly kbs: KnowledgeBasesService) {}

  @Handles(Files.createKnowledgeBase)
  create({ access, input }: Request<typeof Files.createKnowledgeBase>) {
    return this.kbs.create(access, input);
  }

  @Handles(Files.listKnowledgeBases)
  list({ access, input }: Request<typeof Files.listKnowledgeBases>) {
    return this.kbs.list(access, input);
  }

  @Handles(Files.updateKnowledgeBase)
  update({ access, input }: Request<typeof Files.updateKnowledgeBase>) {
    return this.kbs.update(access, input.id, input);
  }

  @Handles(Files.deleteKnowledgeBase)
  delete({ access, input }: Request<typeof Files.deleteKnowledgeBase>) {
    return this.kbs.delete(access, input.id);
  }
}
