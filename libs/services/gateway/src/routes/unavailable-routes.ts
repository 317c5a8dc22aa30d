import { HttpCode, RequestMapping, RequestMethod, Res } from '@nestjs/common';
import { ApiExtension, ApiOperation, ApiParam } from '@nestjs/swagger';
import { Errors, pathParameters, UnavailableOperation } from '@platform/contracts';
import type { FastifyReply } from 'fastify';
import { documentationTag, errorResponse, routePath } from './route-paths';

/**
 * The route of an operation the platform does not provide: answered here, before any credential
 * is read or any service asked, since the answer is the same for every caller and tells nothing
 * about any resource. 405 `MethodNotFound` with `Allow` naming the methods that are served at the
 * same path (none, mostly).
 */
export function addUnavailableRoute(prototype: object, operation: UnavailableOperation, allowed: string[]): void {
  const key = operation.name;
  function answer(res: FastifyReply): never {
    res.header('allow', allowed.join(', '));
    throw Errors.unavailable(operation.name, operation.reason);
  }
  Object.defineProperty(answer, 'name', { value: key });
  Object.defineProperty(prototype, key, { value: answer, writable: true, configurable: true });
  const descriptor = Object.getOwnPropertyDescriptor(prototype, key)!;
  Reflect.defineMetadata('design:paramtypes', [Object], prototype, key);
  // The response, to set `Allow` on; the answer itself is the thrown error, written by the error mapper.
  Res({ passthrough: true })(prototype, key, 0);
  const decorators: MethodDecorator[] = [
    RequestMapping({ path: routePath(operation.path), method: RequestMethod[operation.http.method] }),
    HttpCode(405),
    ApiOperation({
      operationId: operation.operationId,
      summary: `Not available on this platform: ${operation.reason}`,
      tags: [documentationTag(operation)],
    }),
    ApiExtension('x-stability', 'unavailable'),
    errorResponse(405, 'MethodNotFound: the platform does not provide this operation (the message says why)'),
    ...pathParameters(operation.path).map((name) => ApiParam({ name, type: String })),
  ];
  for (const decorate of decorators) decorate(prototype, key, descriptor);
  Object.defineProperty(prototype, key, descriptor);
}
