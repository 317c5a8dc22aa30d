import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { FilesService } from '../files/files.service';

/** The gateway moving file contents, on the strength of the signed addresses this service issued. */
@Controller()
export class TransfersController {
  constructor(private readonly files: FilesService) {}

  @Handles(Internal.openFileUpload)
  openUpload({ input }: OperationRequest<typeof Internal.openFileUpload>) {
    return this.files.openUpload(input.token);
  }

  @Handles(Internal.completeFileUpload)
  completeUpload({ input }: OperationRequest<typeof Internal.completeFileUpload>) {
    return this.files.completeUpload(input.token, input.size);
  }

  @Handles(Internal.failFileUpload)
  failUpload({ input }: OperationRequest<typeof Internal.failFileUpload>) {
    return this.files.failUpload(input.token, input.reason);
  }

  @Handles(Internal.openFileDownload)
  openDownload({ input }: OperationRequest<typeof Internal.openFileDownload>) {
    return this.files.openDownload(input.token);
  }
}
