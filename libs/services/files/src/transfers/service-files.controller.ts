import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ServiceFilesService } from './service-files.service';

/** Other services writing and reading a bot's files (the tables service's exports and imports); never routed from the gateway. */
@Controller()
export class ServiceFilesController {
  constructor(private readonly files: ServiceFilesService) {}

  @Handles(Internal.openFileWrite)
  openWrite({ input }: OperationRequest<typeof Internal.openFileWrite>) {
    return this.files.openWrite(input, input.key, input.contentType);
  }

  @Handles(Internal.completeFileWrite)
  completeWrite({ input }: OperationRequest<typeof Internal.completeFileWrite>) {
    return this.files.completeWrite(input.botId, input.fileId, input.size);
  }

  @Handles(Internal.abandonFileWrite)
  abandonWrite({ input }: OperationRequest<typeof Internal.abandonFileWrite>) {
    return this.files.abandonWrite(input.botId, input.fileId);
  }

  @Handles(Internal.openFileRead)
  openRead({ input }: OperationRequest<typeof Internal.openFileRead>) {
    return this.files.openRead(input, input.fileId);
  }
}
