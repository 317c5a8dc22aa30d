/**
 * Follows `meta.nextToken` from the first page to the last, keeping each page's items apart so
 * tests can check page sizes as well as the whole. Fails instead of looping if pages never end.
 */
export async function walkPages<P extends { meta: { nextToken?: string } }, T>(
  fetchPage: (nextToken: string | undefined) => Promise<P>,
  itemsOf: (page: P) => T[],
  { maxPages = 100, firstToken }: { maxPages?: number; firstToken?: string } = {},
): Promise<{ pages: T[][]; lastMeta: P['meta'] }> {
  const pages: T[][] = [];
  let nextToken = firstToken;
  for (;;) {
    const page = await fetchPage(nextToken);
    pages.push(itemsOf(page));
    nextToken = page.meta.nextToken;
    if (!nextToken) return { pages, lastMeta: page.meta };
    if (pages.length >= maxPages) throw new Error(`pagination did not end within ${maxPages} pages`);
  }
}

const forged = (cursor: unknown) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/**
 * Page tokens no list ever issued: garbage, and tokens that decode to nothing valid (a NUL in
 * the id, dates Postgres cannot hold or that are not ISO). Each must be a 400 that never reaches
 * the database.
 */
export const FORGED_PAGE_TOKENS: readonly string[] = [
  'garbage',
  'not-a-token',
  Buffer.from('{"s":1,"i":2}').toString('base64url'),
  Buffer.from('{"s":"yesterday","i":"x"}').toString('base64url'),
  Buffer.from('[]').toString('base64url'),
  Buffer.from('null').toString('base64url'),
  forged({ s: '2020-01-01T00:00:00.000Z', i: 'a\u0000b' }),
  forged({ s: '-271821-04-20T00:00:00.000Z', i: 'x' }),
  forged({ s: 'Tue, 01 Jan 2019 00:00:00 GMT', i: 'x' }),
];
