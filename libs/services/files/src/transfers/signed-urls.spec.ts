import { ApiError } from '@platform/contracts';
import { SignedUrls } from './signed-urls';

describe('SignedUrls', () => {
  const urls = new SignedUrls('k'.repeat(64), 'http://localhost:3000/');
  const now = Date.now();
  const upload = { kind: 'upload' as const, botId: 'bot_1', fileId: 'file_1', uploadId: 'up_1', expiresAt: Math.floor(now / 1000) + 60 };

  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('accepted');
  };

  it('gives back the grant it signed', () => {
    expect(urls.verify(urls.token(upload), now)).toEqual(upload);
    expect(urls.url(upload)).toMatch(/^http:\/\/localhost:3000\/file-content\/[\w-]+\.[\w-]+$/);
  });

  it('refuses a token with any byte changed, or signed by another key', () => {
    const token = urls.token(upload);
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'u', b: 'bot_2', f: 'file_1', u: 'up_1', e: upload.expiresAt })).toString('base64url');
    expect(refusal(() => urls.verify(`${forged}.${signature}`, now)).code).toBe(403);
    // Its last character changed to another (a fixed replacement would be the same character one time in sixteen).
    const last = signature.at(-1) === 'A' ? 'E' : 'A';
    expect(refusal(() => urls.verify(`${body}.${signature.slice(0, -1)}${last}`, now)).code).toBe(403);
    expect(refusal(() => new SignedUrls('x'.repeat(64), '').verify(token, now)).code).toBe(403);
    expect(refusal(() => urls.verify('garbage', now)).code).toBe(403);
  });

  it('refuses an expired token, and never expires a public one', () => {
    const token = urls.token(upload);
    expect(refusal(() => urls.verify(token, (upload.expiresAt + 1) * 1000)).message).toMatch(/expired/);
    const open = urls.token({ kind: 'public', botId: 'bot_1', fileId: 'file_1' });
    expect(urls.verify(open, now + 10 * 365 * 86400 * 1000)).toEqual({ kind: 'public', botId: 'bot_1', fileId: 'file_1' });
  });
});
