import { ApiError, Errors } from '@platform/contracts';

const ENCODED_NUL = /%00/i;

/**
 * The path and query must decode to text a service can store: no U+0000 (Postgres keeps none)
 * and no percent-encoding that is not UTF-8. Refused before routing as invalid input; undefined
 * when the URL is fine. (Bodies get the same checks as they arrive: `JsonShapeCheck`.)
 */
export function pathQueryProblem(url: string): ApiError | undefined {
  if (ENCODED_NUL.test(url)) return Errors.invalidPayload('The request path and query must not contain the character U+0000');
  try {
    decodeURIComponent(url);
  } catch {
    return Errors.invalidPayload('The request path and query must be percent-encoded UTF-8');
  }
  return undefined;
}
