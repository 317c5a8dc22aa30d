import { randomBytes } from 'node:crypto';
import { PREPARED_PER_CONNECTION, PreparingClient } from './prepared-statements';

const DATABASE_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Statements this session has prepared, by text. */
async function preparedTexts(client: PreparingClient): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
  return rows.map((row) => row.statement);
}

describe('PreparingClient (on Postgres)', () => {
  let client: PreparingClient;
  // Texts of their own per run: the names are shared by the whole process.
  const unique = () => `/* ${randomBytes(6).toString('hex')} */`;

  beforeEach(async () => {
    client = new PreparingClient({ connectionString: DATABASE_URL });
    await client.connect();
  });
  afterEach(() => client.end());

  it('prepares a text with parameters once it runs again, and answers the same before and after', async () => {
    const text = `SELECT $1::int + 1 AS n ${unique()}`;
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await client.query(text, [n])).rows[0].n);
    expect(answers).toEqual([2, 3, 4]);
    expect((await preparedTexts(client)).filter((statement) => statement === text)).toHaveLength(1);
  });

  it('runs statements without parameters as sent: transaction control and several commands in one text', async () => {
    const text = `SELECT 1 AS a ${unique()}; SELECT 2 AS b`;
    for (let i = 0; i < 3; i++) await client.query(text);
    await client.query('BEGIN');
    await client.query('COMMIT');
    expect(await preparedTexts(client)).not.toContain(text);
  });

  it('prepares the same text on each connection under the same name', async () => {
    const text = `SELECT $1::text AS t ${unique()}`;
    const other = new PreparingClient({ connectionString: DATABASE_URL });
    await other.connect();
    try {
      for (let i = 0; i < 3; i++) {
        expect((await client.query(text, [`a${i}`])).rows[0].t).toBe(`a${i}`);
        expect((await other.query(text, [`b${i}`])).rows[0].t).toBe(`b${i}`);
      }
      const names = async (c: PreparingClient) =>
        (await c.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [text])).rows.map((r) => r.name);
      expect(await names(client)).toHaveLength(1);
      expect(await names(other)).toEqual(await names(client));
    } finally {
      await other.end();
    }
  });

  it('keeps at most its share of prepared statements; texts past it still run', async () => {
    const texts = Array.from({ length: PREPARED_PER_CONNECTION + 20 }, (_, i) => `SELECT $1::int * ${i} AS n ${unique()}`);
    for (const text of texts) await client.query(text, [1]);
    for (const [i, text] of texts.entries()) expect((await client.query(text, [2])).rows[0].n).toBe(2 * i);
    const ours = (await preparedTexts(client)).filter((statement) => texts.includes(statement));
    expect(ours.length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
    expect(ours.length).toBeGreaterThan(0);
  });

  it('keeps the statements run last: one to prepare past its share closes the least recently run', async () => {
    const texts = Array.from({ length: PREPARED_PER_CONNECTION + 1 }, (_, i) => `SELECT $1::int * ${i} AS n ${unique()}`);
    // Each text runs twice, so the second run prepares it; the first text then runs again, so the second is the least recently run.
    for (const text of texts.slice(0, PREPARED_PER_CONNECTION)) for (const n of [1, 2]) await client.query(text, [n]);
    expect((await client.query(texts[0], [3])).rows[0].n).toBe(0);
    for (const n of [1, 2]) expect((await client.query(texts[PREPARED_PER_CONNECTION], [n])).rows[0].n).toBe(n * PREPARED_PER_CONNECTION);
    const prepared = (await preparedTexts(client)).filter((statement) => texts.includes(statement));
    expect(prepared).toHaveLength(PREPARED_PER_CONNECTION);
    expect(prepared).not.toContain(texts[1]);
    expect(prepared).toContain(texts[0]);
    expect(prepared).toContain(texts[PREPARED_PER_CONNECTION]);
    // The closed one runs again, prepared anew in place of the next least recently run.
    expect((await client.query(texts[1], [5])).rows[0].n).toBe(5);
    const after = (await preparedTexts(client)).filter((statement) => texts.includes(statement));
    expect(after).toHaveLength(PREPARED_PER_CONNECTION);
    expect(after).toContain(texts[1]);
    expect(after).not.toContain(texts[2]);
  });

  it('runs a closed statement that was queued before the close, and prepares it anew when queued after', async () => {
    const texts = Array.from({ length: PREPARED_PER_CONNECTION + 2 }, (_, i) => `SELECT $1::int + ${i} AS n ${unique()}`);
    for (const text of texts.slice(0, PREPARED_PER_CONNECTION)) for (const n of [1, 2]) await client.query(text, [n]);
    await client.query(texts[PREPARED_PER_CONNECTION], [0]);
    await client.query(texts[PREPARED_PER_CONNECTION + 1], [0]);
    // All queued at once: the first runs the least recently run statement, the second closes it
    // (preparing a new text), the third runs the closed one's text again, the fourth closes the next one.
    const answers = await Promise.all([
      client.query(texts[0], [10]),
      client.query(texts[PREPARED_PER_CONNECTION], [10]),
      client.query(texts[0], [20]),
      client.query(texts[PREPARED_PER_CONNECTION + 1], [10]),
    ]);
    expect(answers.map((answer) => answer.rows[0].n)).toEqual([10, 10 + PREPARED_PER_CONNECTION, 20, 10 + PREPARED_PER_CONNECTION + 1]);
    const prepared = (await preparedTexts(client)).filter((statement) => texts.includes(statement));
    expect(prepared).toHaveLength(PREPARED_PER_CONNECTION);
    expect(prepared).toContain(texts[0]);
  });

  it('answers a failing statement with its error and goes on serving the connection', async () => {
    const text = `SELECT 1 / $1::int AS n ${unique()}`;
    expect((await client.query(text, [1])).rows[0].n).toBe(1);
    await expect(client.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(client.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query(text, [1])).rows[0].n).toBe(1);
    await expect(client.query(`SELEC $1 ${unique()}`, [1])).rejects.toMatchObject({ code: '42601' });
    expect((await client.query(text, [1])).rows[0].n).toBe(1);
  });

  it('reads the rows of a prepared statement as pg does, on every run and every connection, each row its own object', async () => {
    const text = `SELECT $1::int AS n, $2::timestamptz AS at, $3::jsonb AS doc, $4::text AS t, NULL::text AS nothing ${unique()}`;
    const values = (n: number) => [n, new Date(Date.UTC(2026, 0, n)), JSON.stringify({ n }), `t${n}`];
    const expected = (n: number) => ({ n, at: new Date(Date.UTC(2026, 0, n)), doc: { n }, t: `t${n}`, nothing: null });
    const other = new PreparingClient({ connectionString: DATABASE_URL });
    await other.connect();
    try {
      const rows = [];
      for (const n of [1, 2, 3, 4]) {
        const result = await (n % 2 ? client : other).query(text, values(n));
        expect(result.rows).toEqual([expected(n)]);
        expect(result.fields.map((field) => field.name)).toEqual(['n', 'at', 'doc', 't', 'nothing']);
        rows.push(result.rows[0]);
      }
      rows[0].n = 100;
      expect(rows[2].n).toBe(3);
      expect((await client.query(text, values(5))).rows).toEqual([expected(5)]);
    } finally {
      await other.end();
    }
  });

  it('reads rows by the row description each run receives, should it differ from an earlier one', async () => {
    const table = `shapes_${randomBytes(4).toString('hex')}`;
    await client.query(`CREATE TEMP TABLE ${table} (a int)`);
    await client.query(`INSERT INTO ${table} VALUES (1)`);
    const text = `SELECT * FROM ${table} WHERE a >= $1`;
    for (let i = 0; i < 3; i++) expect((await client.query(text, [0])).rows).toEqual([{ a: 1 }]);
    // Another connection, another temporary table of the same name: the same text, other columns.
    const other = new PreparingClient({ connectionString: DATABASE_URL });
    await other.connect();
    try {
      await other.query(`CREATE TEMP TABLE ${table} (a text, b int)`);
      await other.query(`INSERT INTO ${table} VALUES ('x', 2)`);
      for (let i = 0; i < 2; i++) expect((await other.query(text, ['a'])).rows).toEqual([{ a: 'x', b: 2 }]);
      expect((await client.query(text, [0])).rows).toEqual([{ a: 1 }]);
    } finally {
      await other.end();
    }
  });
});
