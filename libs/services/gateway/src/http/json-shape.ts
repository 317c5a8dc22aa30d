import { ApiError, Errors } from '@platform/contracts';

/** Limits every JSON body is held to before anything else reads it (docs/contracts.md, "Payload limits"). */
export const JSON_LIMITS = {
  /** Nesting of objects and arrays. */
  depth: 64,
  /** Members of one object. */
  objectMembers: 10_000,
  /** Items of one array. */
  arrayItems: 100_000,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const U = 0x75;

/** Bytes a JSON value other than an object may start with (array, string, number, true, false, null). */
const startsJsonValue = (b: number) => b === OPEN_ARRAY || b === QUOTE || b === 0x2d || (b >= 0x30 && b <= 0x39) || b === 0x74 || b === 0x66 || b === 0x6e;
const isWhitespace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const hexValue = (b: number) => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x61 && b <= 0x66 ? b - 0x57 : b >= 0x41 && b <= 0x46 ? b - 0x37 : -1);

/**
 * Checks the shape of a JSON body as its bytes arrive, in one pass with constant work per byte,
 * so that no body can make the gateway recurse or block: nesting, members per object and items
 * per array within `JSON_LIMITS`, valid UTF-8, one object and nothing after it, no U+0000 (which
 * Postgres cannot store) and no lone surrogate escape. It does not build the value: the gateway
 * forwards the bytes and the owning service parses them. A body that passes is balanced and
 * ends where its object ends, so it cannot reach outside the envelope it is placed in.
 */
export class JsonShapeCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  /** Per open container: 1 for an object, 0 for an array, and its element count so far. */
  private readonly kinds: number[] = [];
  private readonly counts: number[] = [];
  private started = false;
  private finished = false;
  private inString = false;
  private escaped = false;
  /** Progress through a `\uXXXX` escape: how many hex digits are still to come, and its value. */
  private unicodeDigits = 0;
  private unicodeValue = 0;
  /** A high surrogate escape was just read: a low one must follow at once. */
  private pendingHighSurrogate = false;
  /** Within the current container, whether a value started since the last comma. */
  private valueSinceComma = false;

  /** Takes the next chunk; throws a 400 `ApiError` naming the first problem found. */
  feed(chunk: Buffer): void {
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      throw Errors.invalidPayload('The request body is not valid UTF-8');
    }
    for (let i = 0; i < chunk.length; i++) this.byte(chunk[i]);
  }

  /** The body is complete: it must have been exactly one object. */
  end(): void {
    try {
      this.decoder.decode();
    } catch {
      throw Errors.invalidPayload('The request body is not valid UTF-8');
    }
    if (!this.started) throw Errors.invalidPayload('The request body must be a JSON object');
    if (!this.finished || this.inString) throw Errors.invalidPayload('The request body is not valid JSON');
  }

  private byte(b: number): void {
    if (this.inString) return this.stringByte(b);
    if (this.pendingHighSurrogate) throw loneSurrogate();
    if (isWhitespace(b)) return;
    if (this.finished) throw Errors.invalidPayload('The request body must be one JSON object, with nothing after it');
    if (!this.started) {
      if (b !== OPEN_OBJECT) throw Errors.invalidPayload(startsJsonValue(b) ? 'The request body must be a JSON object' : 'The request body is not valid JSON');
      this.started = true;
    }
    switch (b) {
      case QUOTE:
        this.inString = true;
        this.valueStarts();
        return;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        this.valueStarts();
        if (this.kinds.length >= JSON_LIMITS.depth) throw limit(`nests objects and arrays deeper than ${JSON_LIMITS.depth} levels`);
        this.kinds.push(b === OPEN_OBJECT ? 1 : 0);
        this.counts.push(0);
        this.valueSinceComma = false;
        return;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY: {
        const kind = this.kinds.pop();
        if (kind === undefined || kind !== (b === CLOSE_OBJECT ? 1 : 0)) throw Errors.invalidPayload('The request body is not valid JSON');
        this.counts.pop();
        this.valueSinceComma = true;
        if (this.kinds.length === 0) this.finished = true;
        return;
      }
      case COMMA:
        this.valueSinceComma = false;
        return;
      default:
        // Numbers, literals and colons: their syntax is the parser's business.
        if (b === 0x3a) return;
        this.valueStarts();
    }
  }

  /** A value (or an object member's key) begins: count it against its container's limit. */
  private valueStarts(): void {
    if (this.valueSinceComma || this.kinds.length === 0) return;
    this.valueSinceComma = true;
    const top = this.kinds.length - 1;
    const count = ++this.counts[top];
    if (this.kinds[top] === 1 && count > JSON_LIMITS.objectMembers) throw limit(`has an object with more than ${JSON_LIMITS.objectMembers} members`);
    if (this.kinds[top] === 0 && count > JSON_LIMITS.arrayItems) throw limit(`has an array with more than ${JSON_LIMITS.arrayItems} items`);
  }

  private stringByte(b: number): void {
    if (this.unicodeDigits > 0) {
      const digit = hexValue(b);
      if (digit < 0) throw Errors.invalidPayload('The request body is not valid JSON');
      this.unicodeValue = this.unicodeValue * 16 + digit;
      if (--this.unicodeDigits === 0) this.codeUnit(this.unicodeValue);
      return;
    }
    if (this.escaped) {
      this.escaped = false;
      if (b === U) {
        this.unicodeDigits = 4;
        this.unicodeValue = 0;
        return;
      }
      if (this.pendingHighSurrogate) throw loneSurrogate();
      return;
    }
    if (b === BACKSLASH) {
      this.escaped = true;
      return;
    }
    if (this.pendingHighSurrogate) throw loneSurrogate();
    if (b === 0x00) throw nul();
    if (b === QUOTE) this.inString = false;
  }

  private codeUnit(unit: number): void {
    if (unit === 0) throw nul();
    const high = unit >= 0xd800 && unit <= 0xdbff;
    const low = unit >= 0xdc00 && unit <= 0xdfff;
    if (this.pendingHighSurrogate) {
      if (!low) throw loneSurrogate();
      this.pendingHighSurrogate = false;
      return;
    }
    if (low) throw loneSurrogate();
    this.pendingHighSurrogate = high;
  }
}

const limit = (what: string): ApiError => Errors.invalidPayload(`The request body ${what}`);
const nul = (): ApiError => Errors.invalidPayload('The request body must not contain the character U+0000');
const loneSurrogate = (): ApiError => Errors.invalidPayload('The request body contains a lone surrogate escape (\\uD800 to \\uDFFF), which is not a character');
