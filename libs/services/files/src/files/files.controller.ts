import { Controller } from '@nestjs/common';
import { FilesOperations as Files } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { FileTagsService } from './file-tags.service';
import { FilesService } from './files.service';

type Request<O extends (typeof Files)[keyof typeof Files]> = OperationRequest<O, BotAccess>;

@Controller()
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly tags: FileTagsService,
  ) {}

  @Handles(Files.upsertFile)
  upsert({ access, input }: Request<typeof Files.upsertFile>) {
    return this.files.upsert(access, input);
  }

  @Handles(Files.getFile)
  get({ access, input }: Request<typeof Files.getFile>) {
    return this.files.get(access, input.id);
  }

  @Handles(Files.listFiles)
  list({ access, input }: Request<typeof Files.listFiles>) {
    return this.files.list(access, input);
  }

  @Handles(Files.updateFileMetadata)
  update({ access, input }: Request<typeof Files.updateFileMetadata>) {
    return this.files.updateMetadata(access, input.id, input);
  }

  @Handles(Files.deleteFile)
  delete({ access, input }: Request<typeof Files.deleteFile>) {
    return this.files.delete(access, input.id);
  }

  @Handles(Files.copyFile)
  copy({ access, caller, input }: Request<typeof Files.copyFile>) {
    return this.files.copy(access, caller, input);
  }

  @Handles(Files.listFileTags)
  tagNames({ access, input }: Request<typeof Files.listFileTags>) {
    return this.tags.names(access, input);
  }

  @Handles(Files.listFileTagValues)
  tagValues({ access, input }: Request<typeof Files.listFileTagValues>) {
    return this.tags.values(access, input.tag, input);
  }
}
