import { Controller } from '@nestjs/common';
import { ApiError, Errors, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';

/**
 * Actions are served by integrations' code. The only integration here, the built-in chat, has
 * no actions, so a call is refused as the cloud refuses an action no installed integration
 * offers: 400 for a type that names no integration, 404 for one that does.
 */
@Controller()
export class ActionsController {
  @Handles(Runtime.callAction)
  call({ input }: OperationRequest<typeof Runtime.callAction, BotAccess>): never {
    const separator = input.type.indexOf(':');
    if (separator <= 0 || separator === input.type.length - 1) {
      throw Errors.invalidPayload(`Action type '${input.type}' must be '<integration alias>:<action name>'`);
    }
    const alias = input.type.slice(0, separator);
    const action = input.type.slice(separator + 1);
    throw new ApiError('ResourceNotFound', `Action '${action}' not found: no integration installed on this bot as '${alias}' has this action`);
  }
}
