import { dot, fromBytes, fuse, signBits, toBytes, unit } from './vectors';

describe('vectors', () => {
  it('scales to unit length, and refuses a vector of zeros or of non-finite numbers', () => {
    const v = unit([3, 4])!;
    expect([...v]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(dot(v, v)).toBeCloseTo(1, 6);
    expect(unit([0, 0])).toBeNull();
    expect(unit([1, Number.NaN])).toBeNull();
  });

  it('stores as little-endian float32 bytes and reads back the same values', () => {
    const v = unit([1, -2, 3, -4, 0.5])!;
    const bytes = toBytes(v);
    expect(bytes).toHaveLength(20);
    expect(bytes.readFloatLE(4)).toBe(v[1]);
    expect([...fromBytes(bytes)]).toEqual([...v]);
    // A view into a larger buffer (as a driver may hand it) reads the same.
    const padded = Buffer.concat([Buffer.alloc(3), bytes]).subarray(3);
    expect([...fromBytes(padded)]).toEqual([...v]);
  });

  it('has one sign bit per dimension, set where the value is positive', () => {
    expect(signBits(new Float32Array([0.5, -0.1, 0, 2]))).toBe('1001');
  });

  it('fuses rankings by rank: first in both is 1, first in one of two is 0.5, shared items rise', () => {
    const key = (x: string) => x;
    const fused = fuse(
      [
        ['a', 'b', 'c'],
        ['c', 'd'],
      ],
      key,
    );
    expect(fused.map((f) => f.item)).toEqual(['c', 'a', 'b', 'd']);
    expect(fused[1].score).toBeCloseTo(0.5, 6);
    expect(fuse([['x'], ['x']], key)[0].score).toBeCloseTo(1, 6);
    // Equal sums keep the order of the first ranking that held them.
    expect(
      fuse(
        [
          ['p', 'q'],
          ['q', 'p'],
        ],
        key,
      ).map((f) => f.item),
    ).toEqual(['p', 'q']);
    expect(fuse([[], []], key)).toEqual([]);
  });
});
