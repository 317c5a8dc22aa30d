import { oneStatement } from './statements';

describe('oneStatement', () => {
  it('numbers the parameters of each part after those of the parts before it', () => {
    const statement = oneStatement([
      { text: 'INSERT INTO a (x, y) VALUES ($1, $2)', values: [1, 2] },
      { text: 'UPDATE b SET z = $1 WHERE id = $2 AND w = $1', values: ['z', 'id'] },
      { text: 'DELETE FROM c WHERE id = $1', values: [10] },
    ]);
    expect(statement.text).toBe(
      'WITH w0 AS (INSERT INTO a (x, y) VALUES ($1, $2)), w1 AS (UPDATE b SET z = $3 WHERE id = $4 AND w = $3), w2 AS (DELETE FROM c WHERE id = $5) SELECT 1',
    );
    expect(statement.values).toEqual([1, 2, 'z', 'id', 10]);
  });

  it('gives the same writes the same text, each with its own values', () => {
    const parts = (v: number) => [
      { text: 'INSERT INTO a (x) VALUES ($1)', values: [v] },
      { text: 'UPDATE b SET y = $1', values: [v * 10] },
    ];
    const first = oneStatement(parts(1));
    const second = oneStatement(parts(2));
    expect(second.text).toBe(first.text);
    expect(first.values).toEqual([1, 10]);
    expect(second.values).toEqual([2, 20]);
  });

  it('ends with the answer query, numbered after the writes, when one is given', () => {
    const statement = oneStatement([{ text: 'UPDATE b SET z = $1 WHERE id = $2', values: ['z', 'id'] }], {
      text: 'SELECT * FROM b WHERE id <> $1 LIMIT $2',
      values: ['id', 1],
    });
    expect(statement.text).toBe('WITH w0 AS (UPDATE b SET z = $1 WHERE id = $2) SELECT * FROM b WHERE id <> $3 LIMIT $4');
    expect(statement.values).toEqual(['z', 'id', 'id', 1]);
    // Not the text of the same writes without an answer.
    expect(oneStatement([{ text: 'UPDATE b SET z = $1 WHERE id = $2', values: ['z', 'id'] }]).text).toBe('UPDATE b SET z = $1 WHERE id = $2');
  });

  it('turns synchronous_commit off for its own transaction, before any row, when the commit need not wait for the disk', () => {
    const writes = [{ text: 'UPDATE b SET z = $1', values: [1] }];
    const answer = { text: 'SELECT * FROM w0 WHERE z = $1', values: [2] };
    const gate = "WHERE (SELECT set_config('synchronous_commit', 'off', true)) IS NOT NULL";
    expect(oneStatement(writes, undefined, { synchronousCommit: false })).toEqual({
      text: `WITH w0 AS (UPDATE b SET z = $1) SELECT * FROM (SELECT 1) answer ${gate}`,
      values: [1],
    });
    expect(oneStatement(writes, answer, { synchronousCommit: false })).toEqual({
      text: `WITH w0 AS (UPDATE b SET z = $1) SELECT * FROM (SELECT * FROM w0 WHERE z = $2) answer ${gate}`,
      values: [1, 2],
    });
    // The same parts committed as usual keep their own text.
    expect(oneStatement(writes, answer).text).toBe('WITH w0 AS (UPDATE b SET z = $1) SELECT * FROM w0 WHERE z = $2');
    expect(oneStatement(writes, undefined, { synchronousCommit: true })).toBe(writes[0]);
  });

  it('leaves a single statement as it is', () => {
    const part = { text: 'UPDATE b SET z = $1', values: [1] };
    expect(oneStatement([part])).toBe(part);
  });
});
