import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens are 256-bit random values, so a plain SHA-256 is a sufficient at-rest hash: there is
 * nothing to brute-force. Only the hash is ever stored or sent between services. The gateway
 * hashes the credential of every request: the one-shot form costs a third of a Hash object's.
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Compare anyway so the time taken does not reveal the length mismatch early.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** A new random secret with a readable kind prefix, e.g. `bp_pat_…`. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}
