import { Client } from '@botpress/client';
import { OwnMesh, sleep, sql, startOwnMesh } from '@platform/testing';

/** Indexing survives the files service dying half way, on a mesh of this file's own. */
describe('indexing across a restart of the files service', () => {
  let own: OwnMesh;

  beforeAll(async () => {
    own = await startOwnMesh();
  });

  afterAll(async () => {
    await own?.close();
  });

  it('takes a file up again after a crash mid-indexing, and stores each passage once', async () => {
    const api = (props: { botId?: string; workspaceId?: string } = {}) =>
      new Client({ apiUrl: own.mesh.url, token: own.token, retry: { retries: 0 }, ...props });
    const { workspaces } = await api().listWorkspaces({});
    const { bot } = await api({ workspaceId: workspaces[0].id }).createBot({ name: 'restart' });
    const files = api({ botId: bot.id });
    const sections = 4000;
    const markdown = Array.from(
      { length: sections },
      (_, i) => `## Section ${i}\n\nParagraph ${i} tells of the lighthouse keeper's ${i}th night, long enough to be a passage of its own.\n`,
    ).join('\n');
    const { file: kept } = await files.uploadFile({ key: 'kept.bin', content: Buffer.from('kept across restarts') });
    const { file } = await files.uploadFile({ key: 'long.md', content: markdown, index: true });
    const databaseUrl = own.mesh.settings.databaseUrl;
    const attempts = async () =>
      (
        await sql<{ indexing_attempts: number; status: string }>(
          `SELECT "indexing_attempts", "status" FROM "files"."files" WHERE "id" = $1`,
          [file.id],
          databaseUrl,
        )
      )[0];
    // Killed as soon as a replica has taken the file up.
    const deadline = Date.now() + 10000;
    while ((await attempts()).indexing_attempts < 1 && Date.now() < deadline) await sleep(10);
    await own.mesh.stop('files', 'SIGKILL');
    expect(await attempts()).toEqual({ indexing_attempts: 1, status: 'indexing_pending' });
    own.mesh.spawn('files');
    const done = Date.now() + 60000;
    while ((await attempts()).status === 'indexing_pending' && Date.now() < done) await sleep(200);
    expect(await attempts()).toEqual({ indexing_attempts: 2, status: 'indexing_completed' });
    const [{ count, positions }] = await sql<{ count: string; positions: string }>(
      `SELECT count(*) AS count, count(DISTINCT "position") AS positions FROM "files"."passages" WHERE "file_id" = $1`,
      [file.id],
      databaseUrl,
    );
    expect(Number(count)).toBe(sections * 2);
    expect(Number(positions)).toBe(sections * 2);
    const { passages } = await files.searchFiles({ query: 'lighthouse keeper 1234th night', limit: 1, contextDepth: 0 });
    expect(passages[0].content).toContain('Paragraph 1234 ');
    // Contents live in the blob store, not in a process: the restarted service serves them.
    const content = await fetch((await files.getFile({ id: kept.id })).file.url);
    expect(await content.text()).toBe('kept across restarts');
  }, 120000);
});
