import { ApiResponse } from '@nestjs/swagger';
import type { AnyOperation } from '@platform/contracts';

/** `/v1/chat/messages/{id}` → `/v1/chat/messages/:id` */
export const expressPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * The order routes are registered in, literal segments before parameters, so `/bots/baks` is
 * matched before `/bots/{id}` and `/integrations/{id}/logs` before `/integrations/{name}/{version}`:
 * Express takes the first route that matches. Paths are compared segment by segment (a literal
 * before a parameter, literals alphabetically, parameters alike whatever their names, the shorter
 * path first), a total order, so sorting gives the same order whatever the input order.
 */
export function byRoutePrecedence(a: { path?: string }, b: { path?: string }): number {
  const left = a.path!.split('/');
  const right = b.path!.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const leftParam = left[i].startsWith('{');
    const rightParam = right[i].startsWith('{');
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
    if (!leftParam && left[i] !== right[i]) return left[i] < right[i] ? -1 : 1;
  }
  return left.length - right.length;
}

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
