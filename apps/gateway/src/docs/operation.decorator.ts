import { applyDecorators, HttpCode, Type } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

export interface OperationOptions {
  summary: string;
  response?: Type<unknown>;
  /** Operations not yet stable are tagged `experimental` instead of `documented`. */
  experimental?: boolean;
}

/** One decorator per operation: its id, its stability tag (DESIGN §8) and its 200 answer. */
export function Operation(operationId: string, options: OperationOptions) {
  return applyDecorators(
    HttpCode(200),
    ApiOperation({ operationId, summary: options.summary, tags: [options.experimental ? 'experimental' : 'documented'] }),
    ApiExtension('x-stability', options.experimental ? 'experimental' : 'documented'),
    options.response ? ApiOkResponse({ type: options.response }) : ApiOkResponse({ schema: { type: 'object' } }),
  );
}
