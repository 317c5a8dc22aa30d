import { Client, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { badBodies, client, createChatBot, e2e, expectBodiesRefused, expectClientError, expectErrorBody, raw, sleep } from '@platform/testing';
import { docxOf, pdfOf } from './documents';

type FileStatus = Awaited<ReturnType<Client['getFile']>>['file']['status'];

/** Waits until the file's status is final for indexing, and answers it. */
async function indexed(files: Client, id: string, timeoutMs = 30000): Promise<{ status: FileStatus; failedStatusReason?: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { file } = await files.getFile({ id });
    if (file.status === 'indexing_completed' || file.status === 'indexing_failed') return file;
    if (Date.now() > deadline) throw new Error(`File ${id} is still ${file.status}`);
    await sleep(100);
  }
}

const GUIDE_MD = `# Travel guide

An overview of the places the company sends its people.

## Booking flights

Employees book flights through the travel desk at least two weeks ahead. Economy class is the rule for trips under six hours.

## Hotels

Hotel rooms are reimbursed up to the city's nightly limit. Receipts must be kept for every night.

## Expenses

Meals during a trip are paid by the daily allowance. Taxis to and from airports are refunded with a receipt.
`;

const POLICY_HTML = `<!doctype html><html><head><title>Security policy</title><style>body { color: red }</style><script>var ignored = 'script text';</script></head>
<body><nav>Home | About</nav>
<h1>Security policy</h1>
<p>Passwords are changed every ninety days and never shared with colleagues.</p>
<h2>Laptops</h2>
<p>Laptops are encrypted and locked whenever they are left unattended.</p>
<ul><li>Report a lost laptop within one hour.</li><li>Never install unapproved software.</li></ul>
</body></html>`;

const NOTES_TXT = `Gardening notes

Tomatoes need six hours of sun each day and deep watering twice a week.

Roses are pruned in late winter, before the buds open.`;

describe('indexing and search (/v1/files/search, passages)', () => {
  let botId: string;
  let files: Client;
  let headers: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ botId } = await createChatBot());
    files = client({ botId });
    headers = { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId };
    const uploads: Array<[string, string | Buffer, Record<string, string>]> = [
      ['guide.md', GUIDE_MD, { kbId: 'kb_travel', lang: 'en' }],
      ['policy.html', POLICY_HTML, { kbId: 'kb_it', lang: 'en' }],
      ['notes.txt', NOTES_TXT, { kbId: 'kb_garden' }],
      [
        'handbook.pdf',
        pdfOf([
          ['Remote work', 'People working from home receive a monthly internet allowance.'],
          ['Parental leave', 'New parents are entitled to sixteen weeks of paid leave.'],
        ]),
        { kbId: 'kb_hr' },
      ],
      [
        'onboarding.docx',
        await docxOf([
          ['Heading1', 'Onboarding'],
          ['Normal', 'Every newcomer is paired with a mentor for the first month.'],
          ['Heading2', 'Equipment'],
          ['Normal', 'Computers are delivered before the first day.'],
        ]),
        { kbId: 'kb_hr' },
      ],
    ];
    for (const [key, content, tags] of uploads) {
      const { file } = await files.uploadFile({ key, content, tags, index: true });
      // Uploaded and asked to be indexed: pending at once, unless already done.
      expect(['indexing_pending', 'indexing_completed']).toContain((await files.getFile({ id: file.id })).file.status);
      ids[key] = file.id;
    }
    for (const id of Object.values(ids)) expect(await indexed(files, id)).toMatchObject({ status: 'indexing_completed' });
  });

  describe('indexing', () => {
    it('cuts Markdown into passages under their headings, in document order', async () => {
      const { passages, meta } = await files.listFilePassages({ id: ids['guide.md'] });
      expect(meta).toEqual({});
      expect(passages.map((p) => [p.meta.subtype, p.content.slice(0, 20)])).toEqual([
        ['title', 'Travel guide'],
        ['paragraph', 'An overview of the p'],
        ['subtitle', 'Booking flights'],
        ['paragraph', 'Employees book fligh'],
        ['subtitle', 'Hotels'],
        ['paragraph', 'Hotel rooms are reim'],
        ['subtitle', 'Expenses'],
        ['paragraph', 'Meals during a trip '],
      ]);
      expect(passages.map((p) => p.meta.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      for (const p of passages)
        expect(p).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), content: expect.any(String), meta: expect.objectContaining({ type: 'chunk' }) });
      expect((await files.getFile({ id: ids['guide.md'] })).file).toMatchObject({ status: 'indexing_completed', indexingStack: 'v2' });
    });

    it('reads the text of HTML without scripts, styles or navigation', async () => {
      const { passages } = await files.listFilePassages({ id: ids['policy.html'] });
      const text = passages.map((p) => p.content).join('\n');
      expect(text).toContain('Passwords are changed every ninety days');
      expect(text).toContain('Report a lost laptop within one hour.');
      expect(text).not.toMatch(/ignored|color: red|Home \| About/);
      expect(passages[0].meta.subtype).toBe('title');
    });

    it('reads PDF pages, with their page numbers, and DOCX headings', async () => {
      const pdf = (await files.listFilePassages({ id: ids['handbook.pdf'] })).passages;
      const leave = pdf.find((p) => p.content.includes('sixteen weeks'));
      expect(leave?.meta.pageNumber).toBe(2);
      expect(pdf.find((p) => p.content.includes('internet allowance'))?.meta.pageNumber).toBe(1);
      const docx = (await files.listFilePassages({ id: ids['onboarding.docx'] })).passages;
      expect(docx.map((p) => [p.meta.subtype, p.content])).toEqual([
        ['title', 'Onboarding'],
        ['paragraph', 'Every newcomer is paired with a mentor for the first month.'],
        ['subtitle', 'Equipment'],
        ['paragraph', 'Computers are delivered before the first day.'],
      ]);
    });

    it('pages through passages', async () => {
      const first = await files.listFilePassages({ id: ids['guide.md'], limit: 3 });
      expect(first.passages).toHaveLength(3);
      const second = await files.listFilePassages({ id: ids['guide.md'], limit: 3, nextToken: first.meta.nextToken });
      expect(second.passages[0].meta.position).toBe(3);
      for (const query of ['limit=0', 'limit=201', 'limit=x', 'nextToken=bad']) {
        const res = await raw('GET', `/v1/files/${ids['guide.md']}/passages?${query}`, { headers });
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    });

    it('records why a file cannot be indexed', async () => {
      const { file } = await files.uploadFile({ key: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), index: true });
      expect(await indexed(files, file.id)).toMatchObject({ status: 'indexing_failed', failedStatusReason: 'Files of type image/png cannot be indexed' });
      const { file: broken } = await files.uploadFile({ key: 'broken.pdf', content: 'this is no PDF at all', index: true });
      expect(await indexed(files, broken.id)).toMatchObject({ status: 'indexing_failed', failedStatusReason: expect.stringMatching(/could not be read/) });
      expect((await files.listFilePassages({ id: broken.id })).passages).toEqual([]);
    });

    it('indexes a file again when its content is replaced', async () => {
      const { file } = await files.uploadFile({ key: 'changing.txt', content: 'Apples are red.', index: true });
      await indexed(files, file.id);
      await files.uploadFile({ key: 'changing.txt', content: 'Bananas are yellow.', index: true });
      await indexed(files, file.id);
      const { passages } = await files.listFilePassages({ id: file.id });
      expect(passages.map((p) => p.content)).toEqual(['Bananas are yellow.']);
    });
  });

  describe('setFilePassages', () => {
    it('replaces the passages in the background, with breadcrumbs from the titles given', async () => {
      const { file } = await files.uploadFile({ key: 'manual.txt', content: 'placeholder', index: true });
      await indexed(files, file.id);
      expect(
        await files.setFilePassages({
          id: file.id,
          passages: [
            { content: 'Coffee machine', type: 'title' },
            { content: 'Descale the coffee machine every month with citric acid.' },
            { content: 'Milk', type: 'subtitle', pageNumber: 2 },
            { content: 'Clean the milk frother after every use.', pageNumber: 2 },
          ],
        }),
      ).toEqual({});
      expect((await indexed(files, file.id)).status).toBe('indexing_completed');
      const { passages } = await files.listFilePassages({ id: file.id });
      expect(passages.map((p) => [p.content, p.meta.subtype, p.meta.pageNumber])).toEqual([
        ['Coffee machine', 'title', undefined],
        ['Descale the coffee machine every month with citric acid.', 'paragraph', undefined],
        ['Milk', 'subtitle', 2],
        ['Clean the milk frother after every use.', 'paragraph', 2],
      ]);
      const { passages: found } = await files.searchFiles({ query: 'frother cleaning', includeBreadcrumb: true, contextDepth: 0 });
      expect(found[0].content).toBe('Coffee machine > Milk\n\nClean the milk frother after every use.');
    });

    it('refuses bad passages, and passages of a file that is not there', async () => {
      const { file } = await files.uploadFile({ key: 'other.txt', content: 'x' });
      await expectBodiesRefused(
        'PUT',
        `/v1/files/${file.id}/passages`,
        headers,
        badBodies({ passages: [{ content: 'a' }] }, [
          ['no passages', { passages: undefined }],
          ['passages not a list', { passages: 'a' }],
          ['a passage without content', { passages: [{ type: 'title' }] }],
          ['an unknown type', { passages: [{ content: 'a', type: 'poem' }] }],
          ['a page number of zero', { passages: [{ content: 'a', pageNumber: 0 }] }],
          ['an unknown passage property', { passages: [{ content: 'a', extra: 1 }] }],
        ]),
      );
      expect((await files.getFile({ id: file.id })).file.status).toBe('upload_completed');
      await expectClientError(files.setFilePassages({ id: 'file_none', passages: [] }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });
  });

  describe('searchFiles', () => {
    it('finds the right passage first for questions worded differently from the text (stemming)', async () => {
      const cases: Array<[string, string]> = [
        ['how do I book a flight?', 'Employees book flights through the travel desk'],
        ['are taxi rides to the airport refunded', 'Taxis to and from airports are refunded'],
        ['how often must passwords change', 'Passwords are changed every ninety days'],
        ['what to do when I lose my laptop', 'Report a lost laptop within one hour.'],
        ['watering tomato plants', 'Tomatoes need six hours of sun'],
        ['how long is parental leave', 'New parents are entitled to sixteen weeks'],
        ['who mentors newcomers', 'Every newcomer is paired with a mentor'],
      ];
      for (const [question, expected] of cases) {
        const { passages } = await files.searchFiles({ query: question, contextDepth: 0 });
        expect({ question, first: passages[0]?.content.includes(expected) }).toEqual({ question, first: true });
        expect(passages[0].score).toBeGreaterThan(0);
      }
    });

    it('answers each passage with its file, meta and score, best first', async () => {
      const { passages } = await files.searchFiles({ query: 'hotel receipts', contextDepth: 0, limit: 3 });
      expect(passages.length).toBeGreaterThan(0);
      expect(passages.length).toBeLessThanOrEqual(3);
      expect(passages[0]).toEqual({
        content: expect.stringContaining('Hotel rooms are reimbursed'),
        score: expect.any(Number),
        meta: { type: 'chunk', subtype: 'paragraph', position: 5 },
        file: {
          id: ids['guide.md'],
          key: 'guide.md',
          contentType: 'text/markdown',
          metadata: {},
          tags: { kbId: 'kb_travel', lang: 'en' },
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      const scores = passages.map((p) => p.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    it("names each passage's own file when they come from several files", async () => {
      const { passages } = await files.searchFiles({ query: 'paid leave computers delivered', contextDepth: 0, limit: 10 });
      const keyOf = (text: string) => passages.find((p) => p.content.includes(text))?.file.key;
      expect(keyOf('sixteen weeks')).toBe('handbook.pdf');
      expect(keyOf('Computers are delivered')).toBe('onboarding.docx');
      for (const passage of passages) expect(passage.file.id).toBe(ids[passage.file.key]);
    });

    it('filters by tags, such as a knowledge base', async () => {
      const inGarden = await files.searchFiles({ query: 'hours', tags: { kbId: 'kb_garden' }, contextDepth: 0 });
      expect(new Set(inGarden.passages.map((p) => p.file.key))).toEqual(new Set(['notes.txt']));
      const notTravel = await files.searchFiles({ query: 'receipt', tags: { kbId: { not: 'kb_travel' } } });
      expect(notTravel.passages).toEqual([]);
    });

    it('adds neighbours as context (contextDepth), the breadcrumb, and the context list (withContext)', async () => {
      const { passages } = await files.searchFiles({ query: 'hotel nightly limit', contextDepth: 1, includeBreadcrumb: true, withContext: true, limit: 1 });
      const [hit] = passages;
      expect(hit.content).toBe(
        "Travel guide > Hotels\n\nHotels\n\nHotel rooms are reimbursed up to the city's nightly limit. Receipts must be kept for every night.\n\nExpenses",
      );
      expect(hit.context).toEqual([
        { text: 'Travel guide > Hotels', type: 'breadcrumb' },
        { id: expect.any(String), text: 'Hotels', offset: -1, type: 'preceding' },
        { id: expect.any(String), text: expect.stringContaining('Hotel rooms'), offset: 0, type: 'current' },
        { id: expect.any(String), text: 'Expenses', offset: 1, type: 'subsequent' },
      ]);
    });

    it("consolidates one file's matches into one passage in document order", async () => {
      const { passages } = await files.searchFiles({ query: 'receipt trip', consolidate: true, tags: { kbId: 'kb_travel' } });
      expect(passages).toHaveLength(1);
      expect(passages[0].meta).toEqual({ type: 'consolidated', position: expect.any(Number) });
      const content = passages[0].content;
      expect(content.indexOf('## Hotels')).toBeGreaterThanOrEqual(0);
      expect(content.indexOf('## Hotels')).toBeLessThan(content.indexOf('## Expenses'));
    });

    it('finds nothing in another bot, and refuses bad queries', async () => {
      const other = client({ botId: (await createChatBot()).botId });
      expect(await other.searchFiles({ query: 'hotel' })).toEqual({ passages: [] });
      await expectClientError(files.searchFiles({ query: '' }), InvalidPayloadError, 400, 'InvalidPayload');
      for (const query of ['', 'query=a&limit=0', 'query=a&limit=51', 'query=a&contextDepth=11', 'query=a&consolidate=maybe', `query=${'q'.repeat(1001)}`]) {
        const res = await raw('GET', `/v1/files/search?${query}`, { headers });
        expect({ query: query.slice(0, 40), status: res.status }).toEqual({ query: query.slice(0, 40), status: 400 });
        expectErrorBody(res.json, 400, 'InvalidPayload');
      }
    });
  });
});
