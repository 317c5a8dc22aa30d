/** Values of a statement, bound as `$1`, `$2`, …: nothing a client sent is ever spliced into SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];

  constructor(first: unknown[] = []) {
    this.values.push(...first);
  }

  /** Binds a value, answering its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Binds a value as JSON, answering a jsonb expression. */
  json(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}
