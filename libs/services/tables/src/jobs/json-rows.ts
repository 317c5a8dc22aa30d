const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Reads the rows of a JSON file as its text arrives, holding one row at a time: either an array
 * of row objects (`[{…}, {…}]`) or an object with such an array under `rows` (an export:
 * `{"schema": …, "rows": […]}`, its other members skipped), in any layout. Feed it chunks; it
 * answers the rows completed so far. Each row is parsed on its own, so a malformed one is named
 * by its position (counted from 0, as in a batch of rows).
 */
export class JsonRowsReader {
  /** Open brackets, outermost first. */
  private open: number[] = [];
  private inString = false;
  private escaped = false;
  private shape: 'array' | 'object' | undefined;
  /** Depth of the rows array's elements while inside it, else 0. */
  private rowsDepth = 0;
  private sawRows = false;
  private ended = false;
  /** Text of the row being read, up to the current chunk. */
  private row: string | undefined;
  private rowStart = 0;
  private rows = 0;
  /** Top-level member names of an object file, to find `rows`. */
  private expectKey = false;
  private key: string | undefined;
  private lastKey: string | undefined;

  /** `maxRow`: longest row text accepted, so a malformed file cannot grow one without bound. */
  constructor(private readonly maxRow = 1024 * 1024) {}

  push(text: string): Array<Record<string, unknown>> {
    const done: Array<Record<string, unknown>> = [];
    this.rowStart = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.key !== undefined) {
            this.lastKey = this.key;
            this.key = undefined;
          }
          continue;
        }
        if (this.key !== undefined && this.key.length < 100) this.key += text[i];
        continue;
      }
      if (isSpace(c)) continue;
      const depth = this.open.length;
      if (this.ended) throw new Error('The JSON file has more text after its value');
      if (depth === 0) {
        if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) throw new Error('The file is neither a JSON array of rows nor a JSON object with a "rows" array');
        this.shape = c === OPEN_ARRAY ? 'array' : 'object';
        this.open.push(c);
        if (this.shape === 'array') this.rowsDepth = 1;
        else this.expectKey = true;
        continue;
      }
      const betweenRows = this.rowsDepth > 0 && depth === this.rowsDepth && this.row === undefined;
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (betweenRows) {
          if (c !== OPEN_OBJECT) throw new Error(`Row ${this.rows}: must be an object`);
          this.row = '';
          this.rowStart = i;
        } else if (this.shape === 'object' && depth === 1 && c === OPEN_ARRAY && this.lastKey === 'rows' && !this.sawRows) {
          this.sawRows = true;
          this.rowsDepth = 2;
        }
        this.open.push(c);
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        const opened = this.open.pop();
        if (opened !== (c === CLOSE_OBJECT ? OPEN_OBJECT : OPEN_ARRAY)) throw new Error(`The JSON file is malformed: '${text[i]}' does not close what is open`);
        if (this.row !== undefined && this.open.length === this.rowsDepth) {
          done.push(this.parseRow(this.row + text.slice(this.rowStart, i + 1)));
          this.row = undefined;
        } else if (this.rowsDepth > 0 && this.open.length === this.rowsDepth - 1) {
          this.rowsDepth = 0;
        }
        if (this.open.length === 0) this.ended = true;
      } else if (c === QUOTE) {
        if (betweenRows) throw new Error(`Row ${this.rows}: must be an object`);
        this.inString = true;
        if (this.shape === 'object' && depth === 1 && this.expectKey) this.key = '';
      } else if (betweenRows) {
        if (c !== COMMA) throw new Error(`Row ${this.rows}: must be an object`);
      } else if (this.shape === 'object' && depth === 1) {
        if (c === COMMA) this.expectKey = true;
        else if (c === COLON) this.expectKey = false;
      }
    }
    if (this.row !== undefined) {
      this.row += text.slice(this.rowStart);
      if (this.row.length > this.maxRow) throw new Error(`Row ${this.rows}: longer than ${this.maxRow} characters`);
    }
    return done;
  }

  /** Checks the file ended where its value does. */
  end(): void {
    if (this.shape === undefined) throw new Error('The file is empty');
    if (!this.ended || this.inString) throw new Error('The JSON file ends before its value does');
    if (this.shape === 'object' && !this.sawRows) throw new Error('The JSON object of the file has no "rows" array');
  }

  private parseRow(text: string): Record<string, unknown> {
    if (text.length > this.maxRow) throw new Error(`Row ${this.rows}: longer than ${this.maxRow} characters`);
    try {
      const row = JSON.parse(text) as Record<string, unknown>;
      this.rows++;
      return row;
    } catch (error) {
      throw new Error(`Row ${this.rows}: not valid JSON (${(error as Error).message})`);
    }
  }
}
