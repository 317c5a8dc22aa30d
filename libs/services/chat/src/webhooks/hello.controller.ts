import { Controller } from '@nestjs/common';
import { ChatOperations as Chat } from '@platform/contracts';
import { Handles } from '@platform/messaging';

@Controller()
export class HelloController {
  /** The chat client's first call: 200 for a webhook that serves the chat API (the access rule checked it), 404 otherwise. */
  @Handles(Chat.hello)
  hello() {
    return {};
  }
}
