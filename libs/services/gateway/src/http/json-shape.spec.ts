import { ApiError } from '@platform/contracts';
import { JSON_LIMITS, JsonShapeCheck } from './json-shape';

function check(body: string | Buffer, chunkSize = 7): void {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const shape = new JsonShapeCheck();
  for (let i = 0; i < bytes.length; i += chunkSize) shape.feed(bytes.subarray(i, i + chunkSize));
  shape.end();
}

function problem(body: string | Buffer): string {
  try {
    check(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, type: 'InvalidPayload' });
    return (error as Error).message;
  }
  throw new Error(`expected ${String(body).slice(0, 60)} to be refused`);
}

describe('JsonShapeCheck', () => {
  it.each([
    '{}',
    ' {"a": 1, "b": [true, false, null, 1.5e3, "x"], "c": {"d": {}}} \n',
    '{"quote \\" inside": "and \\\\ backslash", "brackets in strings": "{[}]"}',
    '{"emoji": "\\ud83d\\ude00", "raw": "😀 é"}',
    `{"long": "${'x'.repeat(100_000)}"}`,
  ])('accepts %s', (body) => {
    expect(() => check(body)).not.toThrow();
  });

  it.each([
    ['an array', '[1]', /must be a JSON object/],
    ['a string', '"x"', /must be a JSON object/],
    ['nothing', '', /must be a JSON object/],
    ['a second value after the object', '{"a":1} {"caller":{"service":"admin"}}', /nothing after it/],
    ['keys smuggled after the object', '{"a":1}, "caller": {"service": "admin"}', /nothing after it/],
    ['an unterminated object', '{"a": [1, 2}', /not valid JSON/],
    ['an unterminated string', '{"a": "x', /not valid JSON/],
    ['an escaped NUL', '{"a": "x\\u0000y"}', /U\+0000/],
    ['a NUL in a key', '{"k\\u0000": 1}', /U\+0000/],
    ['a lone high surrogate', '{"a": "\\ud800"}', /lone surrogate/],
    ['a high surrogate before a letter', '{"a": "\\ud800x"}', /lone surrogate/],
    ['a lone low surrogate', '{"a": "\\udc00"}', /lone surrogate/],
  ])('refuses %s', (_, body, message) => {
    expect(problem(body)).toMatch(message);
  });

  it('refuses invalid UTF-8, even split across chunks', () => {
    expect(problem(Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]))).toMatch(/UTF-8/);
    expect(problem(Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')]))).toMatch(/UTF-8/);
  });

  it('refuses nesting past the limit as soon as it goes too deep, however long the body', () => {
    const shape = new JsonShapeCheck();
    shape.feed(Buffer.from('{"a":'));
    expect(() => shape.feed(Buffer.from('['.repeat(2_000_000)))).toThrow(new RegExp(`deeper than ${JSON_LIMITS.depth} levels`));
    expect(() => check(`{"a":${'['.repeat(JSON_LIMITS.depth - 1)}${']'.repeat(JSON_LIMITS.depth - 1)}}`)).not.toThrow();
  });

  it('refuses an object with too many members and an array with too many items, naming the limit', () => {
    const members = Array.from({ length: JSON_LIMITS.objectMembers + 1 }, (_, i) => `"k${i}":1`).join(',');
    expect(problem(`{${members}}`)).toMatch(`more than ${JSON_LIMITS.objectMembers} members`);
    expect(problem(`{"a":[${'0,'.repeat(JSON_LIMITS.arrayItems)}0]}`)).toMatch(`more than ${JSON_LIMITS.arrayItems} items`);
    expect(() => check(`{"a":[${'0,'.repeat(JSON_LIMITS.arrayItems - 1)}0]}`, 65536)).not.toThrow();
  });

  it('accepts a large body fed in 64 KB chunks', () => {
    const body = JSON.stringify({ rows: Array.from({ length: 50_000 }, (_, i) => ({ id: i, text: 'lorem ipsum dolor', tags: ['a', 'b'] })) });
    expect(() => check(body, 65536)).not.toThrow();
  });
});
