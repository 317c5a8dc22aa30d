import { Column } from '../common/table-schema';

/** CSV text of one value: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}

/**
 * Splits CSV text into records as it arrives (RFC 4180: quoted fields may hold commas, quotes
 * and line breaks). Feed it chunks; it answers the records completed so far.
 */
export class CsvReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  private afterQuote = false;
  /** Longest field accepted, so that a malformed file cannot grow one without bound. */
  constructor(private readonly maxField = 1024 * 1024) {}

  push(text: string): string[][] {
    const done: string[][] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (this.quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            this.field += '"';
            i++;
          } else if (i + 1 === text.length) {
            // The next chunk tells whether this quote is doubled.
            this.quoted = false;
            this.afterQuote = true;
          } else {
            this.quoted = false;
          }
        } else this.field += c;
      } else if (this.afterQuote && c === '"') {
        this.field += '"';
        this.quoted = true;
        this.afterQuote = false;
      } else {
        this.afterQuote = false;
        if (c === '"' && this.field === '') this.quoted = true;
        else if (c === ',') this.endField();
        else if (c === '\n') {
          this.endField();
          done.push(this.record);
          this.record = [];
        } else if (c !== '\r') this.field += c;
      }
      if (this.field.length > this.maxField) throw new Error(`A CSV field is longer than ${this.maxField} characters`);
    }
    return done;
  }

  /** The last record, if the text did not end with a line break. */
  end(): string[][] {
    if (this.quoted) throw new Error('The CSV file ends inside a quoted field');
    if (this.field === '' && this.record.length === 0) return [];
    this.endField();
    const last = this.record;
    this.record = [];
    return [last];
  }

  private endField(): void {
    this.record.push(this.field);
    this.field = '';
  }
}

/** A CSV cell as a value of its column; an empty cell is no value. */
export function fromCsvCell(text: string, column: Column): unknown {
  if (text === '') return undefined;
  switch (column.type) {
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'object':
    case 'array':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}
