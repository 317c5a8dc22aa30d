import { randomBytes, randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Random bytes drawn from the system 4 KiB at a time: asking for 16 at each id cost more than the rest of making it. */
const POOL_BYTES = 4096;
let pool: Buffer = Buffer.alloc(0);
let used = 0;

function randomSixteen(): Buffer {
  if (used + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}

/** A ULID: 48 bits of milliseconds then 80 random bits, in Crockford base32 (26 characters). */
export function ulid(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomSixteen();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[bytes[i] % 32];
  return time + random;
}

/** Opaque, time-ordered id with a readable type prefix, e.g. `msg_01JD...`. */
export function newId(prefix: string): string {
  return `${prefix}_${ulid()}`;
}

/** Bot ids are UUIDs, within the 28 to 36 characters the API promises. */
export function newBotId(): string {
  return randomUUID();
}

/** Account ids are UUIDs, as the API's `format: uuid` says of a member's or an audit record's `userId`. */
export function newAccountId(): string {
  return randomUUID();
}

/** Ids a chat caller may choose for users and conversations (docs/contracts.md, "Identifiers"). */
export const FOREIGN_ID_PATTERN = /^[a-zA-Z0-9_-]{1,100}$/;

/**
 * The built-in chat integration is installed as `integrationId: "chat"`; bots' answers show it
 * under this id, since an integration id is 28 to 36 characters in the API. Either is accepted
 * wherever an integration id is given.
 */
export const CHAT_INTEGRATION_PUBLIC_ID = '97c5a8e5-17bf-48e7-a83d-0b8870e069e2';

/** The platform's own name of an integration given by either of its ids. */
export function integrationKey(id: string): string {
  return id === CHAT_INTEGRATION_PUBLIC_ID ? 'chat' : id;
}
