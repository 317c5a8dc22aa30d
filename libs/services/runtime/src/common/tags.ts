/** Tag changes as the runtime API takes them: a null or empty value removes the tag. */
export type TagChanges = Record<string, string | null>;

/**
 * What a get-or-create lookup compares: a value the existing item must hold, or null where it
 * must not have the tag at all.
 */
export type TagMatch = Record<string, string | null>;

/**
 * The tags after the changes. Empty values are never stored, so "absent" and "empty" are one
 * state, as the cloud API treats them.
 */
export function applyTagChanges(current: Record<string, string>, changes: TagChanges = {}): Record<string, string> {
  // A Map, so that a tag named like an Object property (`__proto__`) is a tag like any other.
  const tags = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') tags.delete(key);
    else tags.set(key, value);
  }
  return Object.fromEntries(tags);
}

/** The tags a get-or-create compares: those named by `discriminateByTags`, else every tag given. */
export function tagMatch(tags: TagChanges, discriminateByTags?: string[]): TagMatch {
  const names = discriminateByTags ?? Object.keys(tags);
  return Object.fromEntries([...new Set(names)].sort().map((name) => [name, (Object.hasOwn(tags, name) && tags[name]) || null]));
}

export function sameTags(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
