import { createHmac, timingSafeEqual } from 'node:crypto';
import { Errors } from '@platform/contracts';

/**
 * What a file address grants: `upload` one content to one pending upload of a file, `download`
 * a file's content until it expires, or `public` its content for as long as the file is public.
 */
export type Grant =
  | { kind: 'upload'; botId: string; fileId: string; uploadId: string; expiresAt: number }
  | { kind: 'download'; botId: string; fileId: string; expiresAt: number }
  | { kind: 'public'; botId: string; fileId: string };

type Wire = { k: 'u' | 'd' | 'p'; b: string; f: string; u?: string; e?: number };

/**
 * Addresses of file contents on the gateway (`/file-content/<token>`): the grant in base64url
 * JSON and its HMAC-SHA256 under the service's signing key. A changed byte or a passed expiry is
 * a 403; nothing about the grant is trusted before the signature is checked.
 */
export class SignedUrls {
  constructor(
    private readonly key: string,
    private readonly publicUrl: string,
  ) {}

  url(grant: Grant): string {
    return `${this.publicUrl.replace(/\/$/, '')}/file-content/${this.token(grant)}`;
  }

  token(grant: Grant): string {
    const wire: Wire =
      grant.kind === 'upload'
        ? { k: 'u', b: grant.botId, f: grant.fileId, u: grant.uploadId, e: grant.expiresAt }
        : grant.kind === 'download'
          ? { k: 'd', b: grant.botId, f: grant.fileId, e: grant.expiresAt }
          : { k: 'p', b: grant.botId, f: grant.fileId };
    const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The grant of a token, if its signature holds and it has not expired; else 403. */
  verify(token: string, now = Date.now()): Grant {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) throw Errors.forbidden('The file address is invalid');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw Errors.forbidden('The file address is invalid');
    const wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Wire;
    if (wire.e !== undefined && wire.e * 1000 <= now) throw Errors.forbidden('The file address has expired');
    if (wire.k === 'u' && wire.u && wire.e) return { kind: 'upload', botId: wire.b, fileId: wire.f, uploadId: wire.u, expiresAt: wire.e };
    if (wire.k === 'd' && wire.e) return { kind: 'download', botId: wire.b, fileId: wire.f, expiresAt: wire.e };
    if (wire.k === 'p') return { kind: 'public', botId: wire.b, fileId: wire.f };
    throw Errors.forbidden('The file address is invalid');
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
