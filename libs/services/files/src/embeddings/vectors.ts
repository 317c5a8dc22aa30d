import { endianness } from 'node:os';

/**
 * The arithmetic of semantic ranking: vectors kept at unit length (so cosine similarity is a dot
 * product), stored as little-endian float32 bytes, with their sign bits beside them (the cheap
 * first pass of a search), and reciprocal-rank fusion of several rankings.
 */

const LITTLE_ENDIAN = endianness() === 'LE';

/** The vector scaled to length 1; none for a vector of zeros or of non-finite numbers. */
export function unit(values: ArrayLike<number>): Float32Array | null {
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i] * values[i];
  if (!Number.isFinite(norm) || norm === 0) return null;
  const scale = 1 / Math.sqrt(norm);
  const vector = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) vector[i] = values[i] * scale;
  return vector;
}

export function toBytes(vector: Float32Array): Buffer {
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i], i * 4);
  return bytes;
}

export function fromBytes(stored: Uint8Array): Float32Array {
  // Copied to a buffer of its own, aligned for float32 (a driver's buffer may be a slice at any offset).
  const aligned = new Uint8Array(stored.byteLength);
  aligned.set(stored);
  if (LITTLE_ENDIAN) return new Float32Array(aligned.buffer);
  const view = new DataView(aligned.buffer);
  return Float32Array.from({ length: aligned.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

/**
 * One bit per dimension, set where the value is positive, as a Postgres bit string literal. The
 * number of differing bits between two vectors (Hamming distance) falls as their angle closes:
 * a cheap way to pick, among thousands, the few hundred vectors worth comparing exactly.
 */
export function signBits(vector: Float32Array): string {
  let bits = '';
  for (let i = 0; i < vector.length; i++) bits += vector[i] > 0 ? '1' : '0';
  return bits;
}

/** Cosine similarity of two unit vectors of the same length. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** The usual constant of reciprocal-rank fusion: how much the first ranks count more than the next. */
export const RRF_K = 60;

/**
 * Reciprocal-rank fusion: each item scores Σ 1/(k + rank) over the rankings that hold it, scaled
 * so that first place in every ranking is 1 (first in one of two rankings is 0.5). Ranks, not
 * scores, are combined, so rankings whose scores are on different scales (text rank, cosine
 * similarity) mix without tuning. Answers the items best first, ties in the order of the first
 * ranking that holds them.
 */
export function fuse<T>(rankings: T[][], keyOf: (item: T) => string): Array<{ item: T; score: number }> {
  const fused = new Map<string, { item: T; sum: number; order: number }>();
  let order = 0;
  for (const ranking of rankings) {
    ranking.forEach((item, index) => {
      const key = keyOf(item);
      const entry = fused.get(key) ?? { item, sum: 0, order: order++ };
      entry.sum += 1 / (RRF_K + index + 1);
      fused.set(key, entry);
    });
  }
  const top = rankings.length / (RRF_K + 1);
  return [...fused.values()].sort((a, b) => b.sum - a.sum || a.order - b.order).map((e) => ({ item: e.item, score: e.sum / top }));
}
