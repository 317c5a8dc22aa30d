import { constantTimeEqual, hashSecret, newSecret } from './secrets';

describe('secrets', () => {
  it('hashes deterministically to 64 hex characters, never echoing the secret', () => {
    const secret = newSecret('bp_pat');
    expect(hashSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(secret)).toBe(hashSecret(secret));
    expect(hashSecret(secret)).not.toContain(secret.slice(7, 20));
    expect(hashSecret(secret)).not.toBe(hashSecret(newSecret('bp_pat')));
  });

  it('makes prefixed, high-entropy secrets', () => {
    const secret = newSecret('bp_pat');
    expect(secret).toMatch(/^bp_pat_[A-Za-z0-9_-]{43}$/);
  });

  it('compares equal and unequal strings, including different lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
