/** The rows of an UPDATE or DELETE … RETURNING, which the driver answers as `[rows, count]`. */
export function returned<T>(result: unknown): T[] {
  const value = result as [T[], number] | T[];
  return (value.length === 2 && Array.isArray(value[0]) && typeof value[1] === 'number' ? value[0] : value) as T[];
}
