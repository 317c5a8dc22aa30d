import { Controller } from '@nestjs/common';
import { FilesOperations as Files } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { PassagesService } from './passages.service';
import { SearchService } from './search.service';

type Request<O extends (typeof Files)[keyof typeof Files]> = OperationRequest<O, BotAccess>;

@Controller()
export class PassagesController {
  constructor(
    private readonly passages: PassagesService,
    private readonly searching: SearchService,
  ) {}

  @Handles(Files.listFilePassages)
  list({ access, input }: Request<typeof Files.listFilePassages>) {
    return this.passages.list(access, input.id, input);
  }

  @Handles(Files.setFilePassages)
  set({ access, input }: Request<typeof Files.setFilePassages>) {
    return this.passages.set(access, input.id, input);
  }

  @Handles(Files.searchFiles)
  search({ access, input }: Request<typeof Files.searchFiles>) {
    return this.searching.search(access, input);
  }
}
