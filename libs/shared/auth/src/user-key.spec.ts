import * as jsonwebtoken from 'jsonwebtoken';
import { SignedClaimsCache, signUserKey, verifyUserKey } from './user-key';

const KEY = 'a-chat-encryption-key';

describe('user keys (HS256 JWT { id })', () => {
  it('verifies the keys it signs', () => {
    expect(verifyUserKey(signUserKey('user_1', KEY), KEY)).toBe('user_1');
  });

  it('verifies keys signed by @botpress/chat (jsonwebtoken), and produces keys jsonwebtoken accepts', () => {
    const fromClient = jsonwebtoken.sign({ id: 'my-user' }, KEY, { algorithm: 'HS256' });
    expect(verifyUserKey(fromClient, KEY)).toBe('my-user');
    const ours = signUserKey('my-user', KEY);
    expect(jsonwebtoken.verify(ours, KEY, { algorithms: ['HS256'] })).toMatchObject({ id: 'my-user' });
  });

  it('refuses a key signed with another key', () => {
    expect(verifyUserKey(signUserKey('user_1', 'another-key'), KEY)).toBeUndefined();
  });

  it('refuses a key whose payload was changed', () => {
    const [header, , signature] = signUserKey('user_1', KEY).split('.');
    const forged = Buffer.from(JSON.stringify({ id: 'admin' })).toString('base64url');
    expect(verifyUserKey(`${header}.${forged}.${signature}`, KEY)).toBeUndefined();
  });

  it('refuses the "none" algorithm and other algorithms', () => {
    const unsigned = jsonwebtoken.sign({ id: 'user_1' }, '', { algorithm: 'none' });
    expect(verifyUserKey(unsigned, KEY)).toBeUndefined();
    const hs512 = jsonwebtoken.sign({ id: 'user_1' }, KEY, { algorithm: 'HS512' });
    expect(verifyUserKey(hs512, KEY)).toBeUndefined();
  });

  it('refuses expired keys and keys not valid yet', () => {
    const expired = jsonwebtoken.sign({ id: 'u', exp: Math.floor(Date.now() / 1000) - 10 }, KEY, { algorithm: 'HS256' });
    expect(verifyUserKey(expired, KEY)).toBeUndefined();
    const early = jsonwebtoken.sign({ id: 'u', nbf: Math.floor(Date.now() / 1000) + 3600 }, KEY, { algorithm: 'HS256' });
    expect(verifyUserKey(early, KEY)).toBeUndefined();
  });

  it.each(['', 'garbage', 'a.b', 'a.b.c.d', '%%%.%%%.%%%'])('refuses malformed key %p', (key) => {
    expect(verifyUserKey(key, KEY)).toBeUndefined();
  });

  it('refuses a key without a string id', () => {
    expect(verifyUserKey(jsonwebtoken.sign({ sub: 'u' }, KEY, { algorithm: 'HS256' }), KEY)).toBeUndefined();
    expect(verifyUserKey(jsonwebtoken.sign({ id: 42 }, KEY, { algorithm: 'HS256' }), KEY)).toBeUndefined();
  });
});

describe('SignedClaimsCache', () => {
  const now = Date.now();

  it('answers the claims of a valid key, again without changes', () => {
    const cache = new SignedClaimsCache();
    const key = signUserKey('user_1', KEY, now);
    expect(cache.claims(key, KEY, now)).toMatchObject({ id: 'user_1' });
    expect(cache.claims(key, KEY, now)).toMatchObject({ id: 'user_1' });
  });

  it('refuses a key it verified once when the encryption key it is checked against changed', () => {
    const cache = new SignedClaimsCache();
    const key = signUserKey('user_1', KEY, now);
    expect(cache.claims(key, KEY, now)).toBeDefined();
    expect(cache.claims(key, 'a-new-encryption-key', now)).toBeUndefined();
  });

  it('refuses a key it verified once after it expired', () => {
    const cache = new SignedClaimsCache();
    const key = signUserKey('user_1', KEY, now, now + 60_000);
    expect(cache.claims(key, KEY, now)).toBeDefined();
    expect(cache.claims(key, KEY, now + 60_000)).toBeUndefined();
  });

  it('refuses forged and malformed keys every time', () => {
    const cache = new SignedClaimsCache();
    const forged = signUserKey('user_1', 'another-key', now);
    expect(cache.claims(forged, KEY, now)).toBeUndefined();
    expect(cache.claims(forged, KEY, now)).toBeUndefined();
    expect(cache.claims('a.b', KEY, now)).toBeUndefined();
  });

  it('keeps claims nobody can change for the next request', () => {
    const cache = new SignedClaimsCache();
    const key = signUserKey('user_1', KEY, now);
    expect(Object.isFrozen(cache.claims(key, KEY, now))).toBe(true);
  });
});
