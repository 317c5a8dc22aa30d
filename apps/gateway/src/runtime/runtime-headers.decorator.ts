import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader } from '@nestjs/swagger';

/** The credential and identity headers of the runtime API (DESIGN §5), for the document. */
export const RuntimeHeaders = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiHeader({ name: 'x-bot-id', required: true, description: 'Bot the request acts on' }),
    ApiHeader({ name: 'x-integration-id', required: false, description: 'Integration installed on the bot' }),
    ApiHeader({ name: 'x-integration-alias', required: false, description: 'Alias of the integration instance on the bot' }),
  );
