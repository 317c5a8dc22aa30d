import { ApiResponse } from '@nestjs/swagger';
import type { AnyOperation } from '@platform/contracts';

/**
 * `/v1/chat/messages/{id}` → `/v1/chat/messages/:id`. The router prefers a literal segment to a
 * parameter whatever the order routes are declared in, so `/bots/baks` is never taken for `/bots/{id}`.
 */
export const routePath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** Swagger UI groups operations by this tag: the family, then the resource (`runtime · conversations`). */
export function documentationTag(operation: Pick<AnyOperation, 'family' | 'http'>): string {
  // The first fixed segment of the path the family declares (its prefix left out): `/conversations/{id}` → conversations.
  const resource = operation.http!.path.split('/').find((segment) => segment && !segment.startsWith('{')) ?? operation.family;
  return `${operation.family} · ${resource}`;
}

/** A documented error answer: its status, what it means, and the standard error body (`#/components/schemas/Error`). */
export function errorResponse(status: number, description: string): MethodDecorator {
  return ApiResponse({ status, description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
}
