/**
 * Applies an update map the way the API defines it: a key set to null is removed, any other
 * value replaces the old one, keys not mentioned stay as they were.
 */
export function mergeMap<T>(current: Record<string, T>, patch: Record<string, T | null> | undefined): Record<string, T> {
  if (!patch) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}
