import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@botpress/client';
import { checkAnswers, client, createChatBot, EmbeddingsServer, OwnMesh, sleep, startEmbeddingsServer, startOwnPlatform } from '@platform/testing';

/** Synonyms the stand-in embeddings API gives the same meaning. */
const CONCEPTS: Record<string, string[]> = {
  dog: ['dog', 'dogs', 'puppy', 'puppies', 'canine'],
  vaccine: ['shot', 'shots', 'vaccination', 'vaccinations', 'booster', 'boosters', 'vaccine'],
  car: ['car', 'cars', 'automobile', 'automobiles', 'vehicle'],
  inspection: ['check', 'checked', 'inspection', 'inspections', 'inspected'],
  doctor: ['doctor', 'physician', 'medic'],
  ill: ['sick', 'unwell', 'ill'],
  food: ['lunch', 'lunches', 'meal', 'meals', 'eat'],
  flight: ['flight', 'flights', 'plane', 'fly'],
};

/** Paragraphs on unrelated subjects, each long enough to be a passage of its own. */
const HANDBOOK = [
  'Puppies receive their first vaccinations at eight weeks, then boosters every year.',
  'Automobiles must pass a roadworthiness inspection every second year at an approved garage.',
  'Employees book flights through the travel desk at least three weeks before departure.',
  'The canteen serves vegetarian lunches between noon and two in the afternoon.',
  'Staff feeling unwell should see the company physician on the ground floor.',
].join('\n\n');

/** Questions sharing no word (nor stem) with any paragraph, and the paragraph that answers each. */
const QUESTIONS: Array<[string, string]> = [
  ['When should my dog get shots?', 'Puppies receive their first vaccinations'],
  ['Where do I find a doctor if I am sick?', 'see the company physician'],
  ['How often is my car checked?', 'roadworthiness inspection'],
];

async function indexed(files: Client, id: string): Promise<{ status: string; failedStatusReason?: string }> {
  const deadline = Date.now() + 60000;
  for (;;) {
    const { file } = await files.getFile({ id });
    if (file.status !== 'indexing_pending' || Date.now() > deadline) return file;
    await sleep(100);
  }
}

/** searchFiles with an embeddings endpoint, on a platform of this file's own started with FILES_EMBEDDINGS_*. */
describe('semantic ranking with an embeddings endpoint', () => {
  const apiKey = `sk-test-${randomBytes(16).toString('hex')}`;
  let embeddings: EmbeddingsServer;
  let own: OwnMesh;
  let files: Client;

  beforeAll(async () => {
    embeddings = await startEmbeddingsServer({ concepts: CONCEPTS, dimensions: 256 });
    own = await startOwnPlatform({
      env: {
        FILES_EMBEDDINGS_URL: embeddings.url,
        FILES_EMBEDDINGS_MODEL: 'concepts-256',
        FILES_EMBEDDINGS_API_KEY: apiKey,
        FILES_EMBEDDINGS_BATCH_SIZE: '2',
        FILES_EMBEDDINGS_TIMEOUT_MS: '2000',
      },
    });
    const api = (props: { botId?: string; workspaceId?: string } = {}) =>
      checkAnswers(new Client({ apiUrl: own.mesh.url, token: own.token, retry: { retries: 0 }, ...props }));
    const { workspaces } = await api().listWorkspaces({});
    const { bot } = await api({ workspaceId: workspaces[0].id }).createBot({ name: 'semantic' });
    files = api({ botId: bot.id });
  }, 120000);

  afterAll(async () => {
    await own?.close();
    await embeddings?.stop().catch(() => undefined);
  });

  it('finds first, by meaning, the passage that answers a question sharing no word with it', async () => {
    const { file } = await files.uploadFile({ key: 'handbook.txt', content: HANDBOOK, index: true });
    expect(await indexed(files, file.id)).toMatchObject({ status: 'indexing_completed' });
    // Five passages, embedded two per request.
    expect(embeddings.requests.filter((r) => r.inputs === 2)).toHaveLength(2);
    for (const [question, answer] of QUESTIONS) {
      const { passages } = await files.searchFiles({ query: question, limit: 3, contextDepth: 0 });
      expect(passages[0].content).toContain(answer);
    }
    // A question the text answers word for word ranks first in both rankings: the best score there is.
    const { passages } = await files.searchFiles({ query: 'vegetarian lunches', limit: 2, contextDepth: 0 });
    expect(passages[0]).toMatchObject({ content: expect.stringContaining('vegetarian lunches'), score: 1 });

    // Without embeddings (the run's platform), full-text search alone finds none of those answers.
    const plain = client({ botId: (await createChatBot()).botId });
    const { file: same } = await plain.uploadFile({ key: 'handbook.txt', content: HANDBOOK, index: true });
    expect(await indexed(plain, same.id)).toMatchObject({ status: 'indexing_completed' });
    for (const [question, answer] of QUESTIONS) {
      const { passages: found } = await plain.searchFiles({ query: question, limit: 5, contextDepth: 0 });
      expect(found.filter((p) => p.content.includes(answer))).toEqual([]);
    }
  });

  it('embeds the passages given by setFilePassages, and a copy keeps them', async () => {
    const { file } = await files.uploadFile({ key: 'given.txt', content: 'placeholder', index: false, tags: { kb: 'given' } });
    await files.setFilePassages({
      id: file.id,
      passages: [
        { content: 'Travel policy', type: 'title' },
        { content: 'Reimbursement requires receipts within thirty days.' },
        { content: 'Canine companions are welcome on the terrace.' },
      ],
    });
    expect(await indexed(files, file.id)).toMatchObject({ status: 'indexing_completed' });
    const { file: copy } = await files.copyFile({ idOrKey: file.id, destinationKey: 'given-copy.txt' });
    const { passages } = await files.searchFiles({ query: 'Can I bring my puppy?', tags: { kb: 'given' }, limit: 2, contextDepth: 0 });
    expect(passages.map((p) => [p.file.id, p.content])).toEqual(
      expect.arrayContaining([
        [file.id, 'Canine companions are welcome on the terrace.'],
        [copy.id, 'Canine companions are welcome on the terrace.'],
      ]),
    );
  });

  it('fails indexing with the reason when the endpoint cannot be reached, and still searches by full text', async () => {
    await embeddings.stop();
    try {
      const started = Date.now();
      const { file } = await files.uploadFile({ key: 'unreachable.txt', content: 'Parking spaces are reserved for visitors near the entrance.', index: true });
      const outcome = await indexed(files, file.id);
      expect(outcome.status).toBe('indexing_failed');
      expect(outcome.failedStatusReason).toMatch(
        /^Embeddings could not be computed: http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings could not be reached: connect ECONNREFUSED/,
      );
      expect(outcome.failedStatusReason).not.toContain(apiKey);
      // Tried durably a few times, not for ever.
      expect(Date.now() - started).toBeLessThan(45000);
      // A question not asked before cannot be embedded now: full-text ranking alone answers it.
      const { passages } = await files.searchFiles({ query: 'vegetarian canteen', limit: 1, contextDepth: 0 });
      expect(passages[0].content).toContain('vegetarian lunches');
    } finally {
      await embeddings.start();
    }
  }, 90000);

  it('sends the API key as a bearer token, and never writes it to a log', async () => {
    expect(embeddings.requests.length).toBeGreaterThan(0);
    expect(new Set(embeddings.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${apiKey}`]));
    const logDir = own.mesh.settings.logDir;
    const read = () => readdirSync(logDir).map((name) => readFileSync(join(logDir, name), 'utf8'));
    // Processes write their log in batches, a fraction of a second apart.
    let logs = read();
    for (let deadline = Date.now() + 5000; !logs.join('\n').includes('question not embedded') && Date.now() < deadline; logs = read()) await sleep(100);
    expect(logs.join('\n')).toContain('Embeddings could not be computed');
    expect(logs.join('\n')).toContain('question not embedded; full-text ranking only');
    expect(logs.filter((text) => text.includes(apiKey))).toEqual([]);
  });
});
