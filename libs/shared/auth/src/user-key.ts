import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { constantTimeEqual } from './secrets';

/**
 * Chat user keys: HS256 JWTs `{ id: <userId> }` signed with the chat integration's encryption
 * key, the format `@botpress/chat` produces in `Client.connect({ encryptionKey, userId })`.
 */
export function signUserKey(userId: string, encryptionKey: string, now = Date.now(), expiresAtMs?: number): string {
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({ id: userId, iat: Math.floor(now / 1000), ...(expiresAtMs !== undefined ? { exp: Math.floor(expiresAtMs / 1000) } : {}) });
  return `${header}.${payload}.${sign(`${header}.${payload}`, encryptionKey)}`;
}

/** The user id of a valid key, or undefined for anything malformed, forged or expired. */
export function verifyUserKey(key: string, encryptionKey: string, now = Date.now()): string | undefined {
  const claims = verifySignedClaims(key, encryptionKey, now);
  return claims && typeof claims.id === 'string' && claims.id.length > 0 ? claims.id : undefined;
}

/**
 * The claims of a JWT (HS256) signed with the key, or undefined for anything malformed, forged
 * or expired (`exp`, `nbf` in seconds). The web chat passes user data signed this way.
 */
export function verifySignedClaims(token: string, encryptionKey: string, now = Date.now()): Record<string, unknown> | undefined {
  const claims = signedClaims(token, encryptionKey);
  return claims && inForce(claims, now) ? claims : undefined;
}

/**
 * `verifySignedClaims` for tokens presented again and again (a chat user's key comes with each
 * of their requests): a token's signature is checked once for a key and its claims kept, a
 * bounded number of tokens, the least recently used going first; the time limits are checked
 * at every use. Only tokens whose signature holds are kept, so forged ones cannot push out
 * others.
 */
export class SignedClaimsCache {
  private readonly verified: LRUCache<string, { encryptionKey: string; claims: Readonly<Record<string, unknown>> }>;

  constructor(maxTokens = 10000) {
    this.verified = new LRUCache({ max: maxTokens });
  }

  claims(token: string, encryptionKey: string, now = Date.now()): Readonly<Record<string, unknown>> | undefined {
    const known = this.verified.get(token);
    let claims = known?.encryptionKey === encryptionKey ? known.claims : undefined;
    if (!claims) {
      claims = signedClaims(token, encryptionKey);
      if (!claims) return undefined;
      this.verified.set(token, { encryptionKey, claims: Object.freeze(claims) });
    }
    return inForce(claims, now) ? claims : undefined;
  }
}

/** The claims of a token whose signature by the key holds, whatever their time limits. */
function signedClaims(token: string, encryptionKey: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts;
  const head = decode(header);
  if (!head || head.alg !== 'HS256') return undefined;
  if (!constantTimeEqual(signature, sign(`${header}.${payload}`, encryptionKey))) return undefined;
  return decode(payload);
}

function inForce(claims: Readonly<Record<string, unknown>>, now: number): boolean {
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return false;
  if (typeof claims.nbf === 'number' && claims.nbf * 1000 > now) return false;
  return true;
}

function sign(input: string, key: string): string {
  return createHmac('sha256', key).update(input).digest('base64url');
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
