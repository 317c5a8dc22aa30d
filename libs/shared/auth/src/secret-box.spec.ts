import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = SecretBox.fromSecret('operator passphrase of some length');

  it('opens what it seals, and never stores the value in clear', () => {
    const sealed = box.seal('chat-signing-key');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('chat-signing-key');
    expect(box.open(sealed)).toBe('chat-signing-key');
  });

  it('seals the same value differently each time', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses a value sealed with another key, or altered', () => {
    const sealed = box.seal('secret');
    expect(() => SecretBox.fromSecret('another passphrase entirely').open(sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
