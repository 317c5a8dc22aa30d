import { Controller, Logger } from '@nestjs/common';
import { Errors, WebchatOperations as Webchat } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess, VisitorAccess } from '../access/chat-access.policy';
import { WebchatSessions } from './webchat-sessions.service';

/** The widget's session: opening it (`initialize`), its performance reports, and file uploads. */
@Controller()
export class WebchatSessionController {
  private readonly logger = new Logger('WebchatMetrics');

  constructor(private readonly sessions: WebchatSessions) {}

  @Handles(Webchat.initialize)
  initialize({ access, input }: OperationRequest<typeof Webchat.initialize, VisitorAccess>) {
    return this.sessions.open(access, input.conversationId);
  }

  /** Recorded in the debug log only: the platform keeps no analytics of its own. */
  @Handles(Webchat.sendPerfMetrics)
  sendPerfMetrics({ access, input }: OperationRequest<typeof Webchat.sendPerfMetrics, ChatAccess>) {
    this.logger.debug(`Web chat of bot ${access.webhook.botId}: ${input.event ?? 'metric'} ${input.duration ?? '?'} ms`);
    return {};
  }

  @Handles(Webchat.createFile)
  createFile(): Promise<object> {
    return Promise.reject(Errors.notImplemented('File upload (the files API)'));
  }
}
