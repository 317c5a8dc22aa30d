import { Injectable } from '@nestjs/common';
import { AnyOperation, Caller } from '@platform/contracts';
import { BotAccessPolicy } from '@platform/bot-access';

/**
 * The bot access rule of the runtime API, plus the transfers of file contents: those carry their
 * own credential (a signed address the service itself issued and checks in the handler), so
 * anyone on the bus (the gateway) may present one.
 */
@Injectable()
export class FilesAccessPolicy extends BotAccessPolicy {
  override async resolve(operation: AnyOperation, caller: Caller): Promise<unknown> {
    if (operation.access.kind === 'signed') return {};
    return super.resolve(operation, caller);
  }
}
