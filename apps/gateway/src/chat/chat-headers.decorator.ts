import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiParam } from '@nestjs/swagger';

/** The webhook path segment and user key header of the chat API (DESIGN §5). */
export const ChatHeaders = (userKeyRequired = true) =>
  applyDecorators(
    ApiParam({ name: 'webhookId', description: 'Webhook id of the bot\'s chat integration' }),
    ApiHeader({ name: 'x-user-key', required: userKeyRequired, description: 'Key of the chat user' }),
  );
