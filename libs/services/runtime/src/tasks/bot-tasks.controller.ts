import { Controller } from '@nestjs/common';
import { RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotTasksService } from './bot-tasks.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotTasksController {
  constructor(private readonly tasks: BotTasksService) {}

  @Handles(Runtime.createTask)
  create({ access, input }: Request<typeof Runtime.createTask>) {
    return this.tasks.create(access, input);
  }

  @Handles(Runtime.getTask)
  get({ access, input }: Request<typeof Runtime.getTask>) {
    return this.tasks.get(access, input.id);
  }

  @Handles(Runtime.updateTask)
  update({ access, input: { id, ...changes } }: Request<typeof Runtime.updateTask>) {
    return this.tasks.update(access, id, changes);
  }

  @Handles(Runtime.deleteTask)
  delete({ access, input }: Request<typeof Runtime.deleteTask>) {
    return this.tasks.delete(access, input.id);
  }

  @Handles(Runtime.listTasks)
  list({ access, input }: Request<typeof Runtime.listTasks>) {
    return this.tasks.list(access, input);
  }
}
