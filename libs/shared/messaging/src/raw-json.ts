const PLACEHOLDER = '\u0000raw-json:';

/** The texts of the `RawJson` values met by the `stringifyWithRaw` under way (serialisation is synchronous: one at a time). */
let collecting: string[] | undefined;

/**
 * JSON text that travels on the bus as it is, without being parsed and serialised again by the
 * sender: the gateway forwards request bodies this way (checked by shape, parsed only by the
 * service that owns the operation). Serialise values holding it with `stringifyWithRaw`.
 */
export class RawJson {
  constructor(readonly text: string) {}

  /**
   * Within `stringifyWithRaw`, a placeholder for its text. `JSON.stringify` asks only the values
   * that have this method, so every other value is serialised natively (a replacer function
   * would be called for each of them); elsewhere, the value the text stands for.
   */
  toJSON(): unknown {
    if (!collecting) return JSON.parse(this.text);
    collecting.push(this.text);
    return `${PLACEHOLDER}${collecting.length - 1}`;
  }
}

/**
 * `JSON.stringify`, with every `RawJson` inside written as its text. Placeholders stand in for
 * them during serialisation; U+0000 is refused in every text the gateway forwards, so no other
 * string can look like one.
 */
export function stringifyWithRaw(value: unknown): string {
  const outer = collecting;
  const raws: string[] = [];
  collecting = raws;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    collecting = outer;
  }
  if (raws.length === 0) return text;
  return text.replace(/"\\u0000raw-json:(\d+)"/g, (_, index: string) => raws[Number(index)]);
}
