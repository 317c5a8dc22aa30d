import { Errors } from '@platform/contracts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer …` header; 401 when missing or malformed. */
export function bearerToken(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? BEARER.exec(value) : null;
  if (!match) throw Errors.unauthorized('An Authorization header with a bearer token is required');
  return match[1];
}

export function singleHeader(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}
