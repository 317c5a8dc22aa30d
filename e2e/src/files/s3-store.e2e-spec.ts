import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@botpress/client';
import S3rver from 's3rver';
import { freePort, OwnMesh, sleep, startOwnMesh } from '@platform/testing';

/** `FILES_STORE=s3`: contents in an S3-compatible bucket (a local S3 server here), on a mesh of this file's own. */
describe('files in an S3-compatible bucket', () => {
  let own: OwnMesh;
  let s3: S3rver;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'bp-s3-'));
    const port = await freePort();
    // No bucket yet: the platform creates it.
    s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: folder });
    await s3.run();
    own = await startOwnMesh({
      env: {
        FILES_STORE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'bot-files',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
  });

  afterAll(async () => {
    await own?.close();
    await s3?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('uploads, downloads, copies, indexes and deletes through the bucket', async () => {
    const api = (props: { botId?: string; workspaceId?: string } = {}) =>
      new Client({ apiUrl: own.mesh.url, token: own.token, retry: { retries: 0 }, ...props });
    const { workspaces } = await api().listWorkspaces({});
    const { bot } = await api({ workspaceId: workspaces[0].id }).createBot({ name: 's3' });
    const files = api({ botId: bot.id });
    // Larger than one part of a multipart upload.
    const content = Buffer.alloc(6 * 1024 * 1024 + 3, 'x');
    const { file } = await files.uploadFile({ key: 'big.txt', content });
    const read = async (id: string) => Buffer.from(await (await fetch((await files.getFile({ id })).file.url)).arrayBuffer());
    expect((await read(file.id)).equals(content)).toBe(true);
    const objects = () => readdirSync(join(folder, 'bot-files'), { recursive: true }).filter((f) => String(f).endsWith('._S3rver_object'));
    expect(objects()).toHaveLength(1);
    const { file: copy } = await files.copyFile({ idOrKey: 'big.txt', destinationKey: 'copy.txt' });
    expect((await read(copy.id)).length).toBe(content.length);
    const { file: doc } = await files.uploadFile({ key: 'doc.md', content: '# Buckets\n\nObjects live in buckets of the object store.', index: true });
    for (let i = 0; i < 100 && (await files.getFile({ id: doc.id })).file.status !== 'indexing_completed'; i++) await sleep(100);
    expect((await files.searchFiles({ query: 'object bucket', contextDepth: 0 })).passages[0].content).toContain('Objects live in buckets');
    await files.deleteFile({ id: file.id });
    await files.deleteFile({ id: copy.id });
    expect(objects()).toHaveLength(1);
  });
});
