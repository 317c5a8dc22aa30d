import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encryption at rest for secrets the platform must read back (a chat integration's signing
 * key): AES-256-GCM, so a stored value can be neither read nor altered without the key.
 * Secrets it only compares (tokens, API keys) are hashed instead (`hashSecret`).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** From an operator-chosen passphrase (SECRETS_KEY) or a stored random key. */
  static fromSecret(secret: string): SecretBox {
    return new SecretBox(createHash('sha256').update(secret, 'utf8').digest());
  }

  static newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, body] = sealed.split('.');
    if (version !== VERSION || !body) throw new Error('Not a sealed secret');
    const raw = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
