/**
 * JSON text that travels on the bus as it is, without being parsed and serialised again by the
 * sender: the gateway forwards request bodies this way (checked by shape, parsed only by the
 * service that owns the operation). Serialise values holding it with `stringifyWithRaw`.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

const PLACEHOLDER = '\u0000raw-json:';

/**
 * `JSON.stringify`, with every `RawJson` inside written as its text. Placeholders stand in for
 * them during serialisation; U+0000 is refused in every text the gateway forwards, so no other
 * string can look like one.
 */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, function (this: unknown, key: string, item: unknown) {
    const original = (this as Record<string, unknown> | undefined)?.[key];
    if (original instanceof RawJson) {
      raws.push(original.text);
      return `${PLACEHOLDER}${raws.length - 1}`;
    }
    return item;
  });
  if (raws.length === 0) return text;
  return text.replace(/"\\u0000raw-json:(\d+)"/g, (_, index: string) => raws[Number(index)]);
}
