import { Controller } from '@nestjs/common';
import { RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotWorkflowsService } from './bot-workflows.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotWorkflowsController {
  constructor(private readonly workflows: BotWorkflowsService) {}

  @Handles(Runtime.createWorkflow)
  create({ access, input }: Request<typeof Runtime.createWorkflow>) {
    return this.workflows.create(access, input);
  }

  @Handles(Runtime.getOrCreateWorkflow)
  getOrCreate({ access, input }: Request<typeof Runtime.getOrCreateWorkflow>) {
    return this.workflows.getOrCreate(access, input);
  }

  @Handles(Runtime.getWorkflow)
  get({ access, input }: Request<typeof Runtime.getWorkflow>) {
    return this.workflows.get(access, input.id);
  }

  @Handles(Runtime.updateWorkflow)
  update({ access, input }: Request<typeof Runtime.updateWorkflow>) {
    const { id, ...body } = input;
    return this.workflows.update(access, id, body);
  }

  @Handles(Runtime.deleteWorkflow)
  delete({ access, input }: Request<typeof Runtime.deleteWorkflow>) {
    return this.workflows.delete(access, input.id);
  }

  @Handles(Runtime.listWorkflows)
  list({ access, input }: Request<typeof Runtime.listWorkflows>) {
    return this.workflows.list(access, input);
  }
}
