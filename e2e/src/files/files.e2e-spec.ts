import { createHmac, randomBytes } from 'node:crypto';
import {
  Client,
  ForbiddenError,
  InvalidPayloadError,
  ResourceNotFoundError,
  UnauthorizedError,
  AlreadyExistsError,
  PayloadTooLargeError,
} from '@botpress/client';
import {
  anonymousClient,
  badBodies,
  client,
  createChatBot,
  e2e,
  expectBodiesRefused,
  expectClientError,
  expectErrorBody,
  ISO_MS,
  newMember,
  raw,
  secondAccount,
  sql,
} from '@platform/testing';

const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');
const invalid = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');

/** A key no other test uses. */
const uniqueKey = (suffix = '.txt') => `docs/f-${randomBytes(5).toString('hex')}${suffix}`;

/** The bytes at a file address, as a plain HTTP client gets them. */
async function download(url: string): Promise<{ status: number; type: string | null; body: Buffer; json: any }> {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type'), body, json };
}

async function put(url: string, body: Buffer | string, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'text/plain', ...headers } });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('files API (/v1/files)', () => {
  let botId: string;
  let files: Client;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ botId } = await createChatBot());
    files = client({ botId });
    headers = { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId };
  });

  describe('uploadFile, upsertFile and getFile', () => {
    it('uploads through the client helper, and the content reads back at the signed url', async () => {
      const key = uniqueKey();
      const before = Date.now();
      const { file } = await files.uploadFile({ key, content: 'Hello, files!', tags: { lang: 'en' }, metadata: { source: 'test', n: 1 } });
      expect(file).toMatchObject({ key, botId, size: 13, contentType: 'text/plain', tags: { lang: 'en' }, metadata: { source: 'test', n: 1 } });
      const { file: got } = await files.getFile({ id: file.id });
      expect(got).toEqual({
        id: file.id,
        botId,
        key,
        url: expect.stringMatching(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/file-content\/[\w-]+\.[\w-]+$/),
        size: 13,
        contentType: 'text/plain',
        tags: { lang: 'en' },
        metadata: { source: 'test', n: 1 },
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: expect.stringMatching(ISO_MS),
        accessPolicies: [],
        index: false,
        status: 'upload_completed',
        owner: { type: 'bot', id: botId },
      });
      expect(Date.parse(got.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      const content = await download(got.url);
      expect(content.status).toBe(200);
      expect(content.type).toMatch(/^text\/plain/);
      expect(content.body.toString()).toBe('Hello, files!');
      // By key too.
      expect((await files.getFile({ id: key })).file.id).toBe(file.id);
    });

    it('answers upload_pending and an upload url until the content arrives, and infers the type from the key', async () => {
      const key = uniqueKey('.md');
      const { file } = await files.upsertFile({ key, size: 5 });
      expect(file).toMatchObject({ status: 'upload_pending', contentType: 'text/markdown', size: null, uploadUrl: expect.stringContaining('/file-content/') });
      expect((await download(file.url)).status).toBe(404);
      expect(await put(file.uploadUrl, '# Hi!', { 'content-type': 'text/markdown' })).toEqual({ status: 200, json: {} });
      const { file: got } = await files.getFile({ id: file.id });
      expect(got).toMatchObject({ status: 'upload_completed', size: 5 });
      expect((await download(got.url)).body.toString()).toBe('# Hi!');
    });

    it('replaces a file by key: same id, new content, the old content gone', async () => {
      const key = uniqueKey();
      const { file: first } = await files.uploadFile({ key, content: 'first version' });
      const oldUrl = (await files.getFile({ id: first.id })).file.url;
      const { file: second } = await files.uploadFile({ key, content: 'second', tags: { v: '2' } });
      expect(second.id).toBe(first.id);
      const { file: got } = await files.getFile({ id: key });
      expect(got).toMatchObject({ size: 6, tags: { v: '2' }, createdAt: first.createdAt });
      expect((await download(got.url)).body.toString()).toBe('second');
      // An address handed out earlier reads the file's current content.
      expect((await download(oldUrl)).body.toString()).toBe('second');
    });

    it('uploads binary content of a few megabytes intact', async () => {
      const content = randomBytes(3 * 1024 * 1024 + 17);
      const { file } = await files.uploadFile({ key: uniqueKey('.bin'), content });
      const got = await download((await files.getFile({ id: file.id })).file.url);
      expect(got.type).toBe('application/octet-stream');
      expect(got.body.equals(content)).toBe(true);
    });

    it('gives public files a stable public url', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'public!', accessPolicies: ['public_content'] });
      const { file: a } = await files.getFile({ id: file.id });
      const { file: b } = await files.getFile({ id: file.id });
      expect(a.url).toBe(b.url);
      expect((await download(a.url)).body.toString()).toBe('public!');
      // No longer public: the address stops working.
      await files.updateFileMetadata({ id: file.id, accessPolicies: [] });
      const refused = await download(a.url);
      expect(refused.status).toBe(403);
      expectErrorBody(refused.json, 403, 'Forbidden');
    });

    it('records the owner integration when an integration uploads', async () => {
      const bot = await createChatBot();
      const viaIntegration = client({ botId: bot.botId, integrationAlias: 'webchat' });
      const { file } = await viaIntegration.uploadFile({ key: uniqueKey(), content: 'x' });
      expect(file.owner).toEqual({ type: 'integration', name: 'chat', alias: 'webchat' });
    });
  });

  describe('upload addresses', () => {
    it('refuse a second upload with the same address', async () => {
      const { file } = await files.upsertFile({ key: uniqueKey(), size: 3 });
      expect((await put(file.uploadUrl, 'abc')).status).toBe(200);
      const again = await put(file.uploadUrl, 'xyz');
      expect(again.status).toBe(403);
      expectErrorBody(again.json, 403, 'Forbidden');
      expect((await download((await files.getFile({ id: file.id })).file.url)).body.toString()).toBe('abc');
    });

    it('refuse a tampered address (403), and store nothing', async () => {
      const { file } = await files.upsertFile({ key: uniqueKey(), size: 3 });
      const token = file.uploadUrl.split('/file-content/')[1];
      const [body, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 3600 })).toString('base64url');
      for (const bad of [`${forged}.${signature}`, `${body}.${signature.slice(0, -2)}xx`, 'nonsense']) {
        const res = await put(`${e2e.url}/file-content/${bad}`, 'abc');
        expect(res.status).toBe(403);
        expectErrorBody(res.json, 403, 'Forbidden');
      }
      expect((await files.getFile({ id: file.id })).file).toMatchObject({ status: 'upload_pending', size: null });
    });

    it('refuse an expired address (403), for uploads and downloads', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'abc' });
      const [{ secret }] = await sql<{ secret: string }>(`SELECT "secret" FROM "files"."signing_keys"`);
      const sign = (claims: object) => {
        const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
        return `${e2e.url}/file-content/${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
      };
      const past = Math.floor(Date.now() / 1000) - 5;
      // The same key signs a valid address: only the expiry differs.
      expect((await download(sign({ k: 'd', b: botId, f: file.id, e: past + 3600 }))).status).toBe(200);
      const expired = await download(sign({ k: 'd', b: botId, f: file.id, e: past }));
      expect(expired.status).toBe(403);
      expectErrorBody(expired.json, 403, 'Forbidden');
      const { file: pending } = await files.upsertFile({ key: uniqueKey(), size: 3 });
      const uploadId = JSON.parse(Buffer.from(pending.uploadUrl.split('/file-content/')[1].split('.')[0], 'base64url').toString()).u;
      const late = await put(sign({ k: 'u', b: botId, f: pending.id, u: uploadId, e: past }), 'abc');
      expect(late.status).toBe(403);
      expect((await files.getFile({ id: pending.id })).file.status).toBe('upload_pending');
    });

    it('refuse content larger than declared (413) or smaller (400), storing nothing', async () => {
      const { file } = await files.upsertFile({ key: uniqueKey(), size: 4 });
      const over = await put(file.uploadUrl, 'too long');
      expect(over.status).toBe(413);
      expectErrorBody(over.json, 413, 'PayloadTooLarge');
      const under = await put(file.uploadUrl, 'ab');
      expect(under.status).toBe(400);
      expect((await files.getFile({ id: file.id })).file).toMatchObject({ status: 'upload_failed', size: null, failedStatusReason: expect.any(String) });
      // The same address may try again while it lasts.
      expect((await put(file.uploadUrl, 'abcd')).status).toBe(200);
      expect((await files.getFile({ id: file.id })).file).toMatchObject({ status: 'upload_completed', size: 4 });
    });

    it('give up on a stalled upload (408), and the file records it', async () => {
      const { file } = await files.upsertFile({ key: uniqueKey(), size: 10 });
      async function* stalling() {
        yield Buffer.from('abc');
        // Longer than BODY_IDLE_TIMEOUT_MS (1 s in the e2e mesh).
        await new Promise((r) => setTimeout(r, 3000));
        yield Buffer.from('defghij');
      }
      const res = await raw('PUT', new URL(file.uploadUrl).pathname, { headers: { 'content-type': 'text/plain', 'content-length': '10' }, chunks: stalling() });
      expect(res.status).toBe(408);
      expect((await files.getFile({ id: file.id })).file).toMatchObject({ status: 'upload_failed', size: null });
    });

    it('refuse content of another type than declared (415)', async () => {
      const { file } = await files.upsertFile({ key: uniqueKey(), size: 2, contentType: 'text/plain' });
      const res = await put(file.uploadUrl, '{}', { 'content-type': 'application/json' });
      expect(res.status).toBe(415);
      expectErrorBody(res.json, 415, 'UnsupportedMediaType');
    });

    it('refuse a declared size over the maximum (413), before anything is stored', async () => {
      const error = await expectClientError(files.upsertFile({ key: uniqueKey(), size: 100 * 1024 * 1024 + 1 }), PayloadTooLargeError, 413, 'PayloadTooLarge');
      expect(error.message).toMatch(/at most 104857600 bytes/);
    });
  });

  describe('validation', () => {
    it('refuses bad upsertFile bodies with 4xx and stores nothing', async () => {
      const key = uniqueKey();
      await expectBodiesRefused(
        'PUT',
        '/v1/files',
        headers,
        badBodies({ key, size: 3 }, [
          ['no key', { key: undefined }],
          ['an empty key', { key: '' }],
          ['a key too long', { key: 'k'.repeat(1001) }],
          ['no size', { size: undefined }],
          ['a negative size', { size: -1 }],
          ['a fractional size', { size: 1.5 }],
          ['a size as text', { size: '3' }],
          ['tags not strings', { tags: { a: 1 } }],
          ['a tag value too long', { tags: { a: 'x'.repeat(1001) } }],
          ['an unknown access policy', { accessPolicies: ['everyone'] }],
          ['a content type that is not one', { contentType: 'not a type' }],
          ['an expiry that is no date', { expiresAt: 'tomorrow' }],
          ['index as text', { index: 'yes' }],
          ['metadata as a list', { metadata: [1] }],
        ]),
      );
      await invalid(files.upsertFile({ key, size: 3, expiresAt: new Date(Date.now() - 60000).toISOString() }));
      await invalid(files.upsertFile({ key, size: 3, expiresAt: new Date(Date.now() + 91 * 86400000).toISOString() }));
      await notFound(files.getFile({ id: key }));
    });

    it('refuses bad metadata updates and bad list queries', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'x' });
      await expectBodiesRefused(
        'PUT',
        `/v1/files/${file.id}`,
        headers,
        badBodies({ tags: { a: 'b' } }, [
          ['tags not strings', { tags: { a: 2 } }],
          ['metadata not an object', { metadata: 'x' }],
          ['an unknown access policy', { accessPolicies: ['x'] }],
          ['an expiry that is no date', { expiresAt: 5 }],
        ]),
      );
      for (const query of ['sortField=name', 'sortDirection=up', 'pageSize=0', 'pageSize=101', 'indexed=maybe', 'nextToken=%21%21', 'tags.a[x]=1']) {
        const res = await raw('GET', `/v1/files?${query}`, { headers });
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expectErrorBody(res.json, 400, 'InvalidPayload');
      }
      expect((await files.getFile({ id: file.id })).file.tags).toEqual({});
    });
  });

  describe('listFiles', () => {
    it('lists with tag filters (values, alternatives, exclusions), ids, sort and pages', async () => {
      const bot = await createChatBot();
      const own = client({ botId: bot.botId });
      const a = (await own.uploadFile({ key: 'a.txt', content: 'a', tags: { team: 'red', kind: 'doc' } })).file;
      const b = (await own.uploadFile({ key: 'b.txt', content: 'bb', tags: { team: 'blue', kind: 'doc' } })).file;
      const c = (await own.uploadFile({ key: 'c.txt', content: 'ccc', tags: { team: 'green' } })).file;
      const keys = (r: { files: Array<{ key: string }> }) => r.files.map((f) => f.key);
      expect(keys(await own.listFiles({}))).toEqual(['c.txt', 'b.txt', 'a.txt']);
      expect(keys(await own.listFiles({ tags: { team: 'red' } }))).toEqual(['a.txt']);
      expect(keys(await own.listFiles({ tags: { team: ['red', 'blue'] }, sortField: 'key', sortDirection: 'asc' }))).toEqual(['a.txt', 'b.txt']);
      expect(keys(await own.listFiles({ tags: { team: { not: 'red' } }, sortField: 'size', sortDirection: 'desc' }))).toEqual(['c.txt', 'b.txt']);
      expect(keys(await own.listFiles({ tags: { kind: 'doc', team: { not: ['blue'] } } }))).toEqual(['a.txt']);
      expect(keys(await own.listFiles({ ids: [a.id, c.id], sortField: 'key', sortDirection: 'asc' }))).toEqual(['a.txt', 'c.txt']);
      const page = await own.listFiles({ pageSize: 2, sortField: 'key', sortDirection: 'asc' } as never);
      expect(keys(page)).toEqual(['a.txt', 'b.txt']);
      expect(page.meta.nextToken).toEqual(expect.any(String));
      const rest = await own.listFiles({ pageSize: 2, sortField: 'key', sortDirection: 'asc', nextToken: page.meta.nextToken } as never);
      expect(keys(rest)).toEqual(['c.txt']);
      expect(rest.meta.nextToken).toBeUndefined();
      expect(b.id).not.toBe(a.id);
      // The JSON form of the filter, as the reference describes it.
      const res = await raw('GET', `/v1/files?tags=${encodeURIComponent(JSON.stringify({ team: 'green' }))}`, {
        headers: { ...headers, 'x-bot-id': bot.botId },
      });
      expect(res.json.files.map((f: { key: string }) => f.key)).toEqual(['c.txt']);
    });
  });

  describe('updateFileMetadata', () => {
    it('merges metadata and tags (null removes), replaces access policies, sets and clears the expiry', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'x', tags: { a: '1', b: '2' }, metadata: { x: 1, y: { z: true } } });
      const expiresAt = new Date(Date.now() + 3600_000);
      const { file: updated } = await files.updateFileMetadata({
        id: file.id,
        tags: { b: null, c: '3' },
        metadata: { x: null, w: [1, 2] },
        accessPolicies: ['integrations'],
        expiresAt: expiresAt.toISOString(),
      });
      expect(updated).toMatchObject({ tags: { a: '1', c: '3' }, metadata: { y: { z: true }, w: [1, 2] }, accessPolicies: ['integrations'] });
      const minute = new Date(expiresAt);
      minute.setUTCSeconds(0, 0);
      expect(updated.expiresAt).toBe(minute.toISOString());
      const { file: cleared } = await files.updateFileMetadata({ id: file.id, expiresAt: null });
      expect(cleared.expiresAt).toBeUndefined();
      expect((await files.getFile({ id: file.id })).file).toMatchObject({ tags: { a: '1', c: '3' } });
      await notFound(files.updateFileMetadata({ id: 'file_missing', tags: {} }));
    });

    it('deletes a file once its expiry passed', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'short-lived', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      await sql(`UPDATE "files"."files" SET "expires_at" = now() - interval '1 second' WHERE "id" = $1`, [file.id]);
      await notFound(files.getFile({ id: file.id }));
      const deadline = Date.now() + 15000;
      while ((await sql(`SELECT 1 FROM "files"."files" WHERE "id" = $1`, [file.id])).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 300));
      expect(await sql(`SELECT 1 FROM "files"."files" WHERE "id" = $1`, [file.id])).toHaveLength(0);
    });
  });

  describe('copyFile and deleteFile', () => {
    it('copies content and metadata under a new key; refuses a taken key unless overwrite', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'original', tags: { t: '1' }, metadata: { m: 1 } });
      const destinationKey = uniqueKey();
      const { file: copy } = await files.copyFile({ idOrKey: file.key, destinationKey });
      expect(copy).toMatchObject({ key: destinationKey, tags: { t: '1' }, metadata: { m: 1 }, size: 8, status: 'upload_completed' });
      expect(copy.id).not.toBe(file.id);
      expect((await download(copy.url)).body.toString()).toBe('original');
      await expectClientError(files.copyFile({ idOrKey: file.id, destinationKey }), AlreadyExistsError, 409, 'AlreadyExists');
      await files.uploadFile({ key: file.key, content: 'changed' });
      const { file: over } = await files.copyFile({ idOrKey: file.id, destinationKey, overwrite: true });
      expect(over.id).toBe(copy.id);
      expect((await download(over.url)).body.toString()).toBe('changed');
      await notFound(files.copyFile({ idOrKey: 'nope', destinationKey: uniqueKey() }));
    });

    it("copies to another bot of the workspace (x-destination-bot-id): bytes, metadata and passages, the copy is that bot's", async () => {
      const destination = await createChatBot();
      const there = client({ botId: destination.botId });
      const { file } = await files.uploadFile({
        key: uniqueKey('.md'),
        content: '# Ferries\n\nThe morning ferry to the island leaves the harbour at seven.',
        index: true,
        tags: { kbId: 'kb_shared' },
        metadata: { m: 'x' },
      });
      for (let i = 0; i < 200 && (await files.getFile({ id: file.id })).file.status !== 'indexing_completed'; i++) await new Promise((r) => setTimeout(r, 100));
      const before = (await files.listFiles({ pageSize: 100 })).files.length;
      const destinationKey = uniqueKey('.md');
      const { file: copy } = await files.copyFile({ idOrKey: file.key, destinationKey, 'x-destination-bot-id': destination.botId });
      expect(copy).toMatchObject({
        botId: destination.botId,
        key: destinationKey,
        tags: { kbId: 'kb_shared' },
        metadata: { m: 'x' },
        status: 'indexing_completed',
        owner: { type: 'bot', id: destination.botId },
      });
      expect((await download(copy.url)).body.toString()).toContain('morning ferry');
      expect((await there.listFiles({})).files.map((f) => f.id)).toEqual([copy.id]);
      expect((await files.listFiles({ pageSize: 100 })).files).toHaveLength(before);
      await notFound(files.getFile({ id: copy.id }));
      const passages = (await there.listFilePassages({ id: copy.id })).passages.map((p) => p.content);
      expect(passages).toEqual((await files.listFilePassages({ id: file.id })).passages.map((p) => p.content));
      expect((await there.searchFiles({ query: 'when does the ferry leave', contextDepth: 0 })).passages[0].content).toContain('morning ferry');

      // The key is taken there now: the same conflict as within a bot, unless overwrite.
      const again = { idOrKey: file.id, destinationKey, 'x-destination-bot-id': destination.botId };
      await expectClientError(files.copyFile(again), AlreadyExistsError, 409, 'AlreadyExists');
      expect((await files.copyFile({ ...again, overwrite: true })).file.id).toBe(copy.id);
      // Naming the bot itself is a copy within it.
      expect((await files.copyFile({ idOrKey: file.id, destinationKey: uniqueKey(), 'x-destination-bot-id': botId })).file.botId).toBe(botId);
      // Through an integration installed on both bots, the copy is that integration's there.
      const { file: throughChat } = await client({ botId, integrationAlias: 'webchat' }).copyFile({
        idOrKey: (await client({ botId, integrationAlias: 'webchat' }).uploadFile({ key: uniqueKey(), content: 'notes' })).file.id,
        destinationKey: uniqueKey(),
        'x-destination-bot-id': destination.botId,
      });
      expect(throughChat.owner).toMatchObject({ type: 'integration', alias: 'webchat' });
    });

    it('copies to another bot only in the workspace (404 elsewhere), and only for callers who may create files there (403)', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'kept home' });
      const copyTo = (caller: Client, destinationBotId: string) =>
        caller.copyFile({ idOrKey: file.id, destinationKey: uniqueKey(), 'x-destination-bot-id': destinationBotId });
      const sibling = await createChatBot();
      const stranger = await secondAccount();
      const { bot: foreign } = await client({ token: stranger.token, workspaceId: stranger.workspaceId }).createBot({ name: 'foreign' });
      await notFound(copyTo(files, 'bot_unknown'));
      await notFound(copyTo(files, foreign.id));
      const refused = await raw('POST', `/v1/files/${encodeURIComponent(file.id)}/${encodeURIComponent(uniqueKey())}`, {
        headers: { ...headers, 'content-type': 'application/json', 'x-destination-bot-id': foreign.id },
        body: '{}',
      });
      expect(refused.status).toBe(404);
      expectErrorBody(refused.json, 404, 'ResourceNotFound');
      expect(await sql(`SELECT 1 FROM "files"."files" WHERE "bot_id" = $1`, [foreign.id])).toHaveLength(0);

      // A bot's own API key writes to its own bot only.
      const admin = client({ workspaceId: sibling.workspaceId });
      const { value: key } = await admin.createBotApiKey({ botId, note: 'copies' });
      const asBotKey = client({ token: key, botId });
      await expectClientError(copyTo(asBotKey, sibling.botId), ForbiddenError, 403, 'Forbidden');
      expect((await copyTo(asBotKey, botId)).file.botId).toBe(botId);
      expect((await client({ botId: sibling.botId }).listFiles({})).files).toEqual([]);
      // A developer of the workspace may; an integration the destination does not have is not found there.
      const developer = await newMember(sibling.workspaceId, 'developer');
      expect((await copyTo(client({ token: developer.token, botId }), sibling.botId)).file.botId).toBe(sibling.botId);
      const { bot: bare } = await admin.createBot({ name: 'no chat' });
      const { file: open } = await files.uploadFile({ key: uniqueKey(), content: 'for integrations', accessPolicies: ['integrations'] });
      const throughChat = client({ botId, integrationAlias: 'webchat' });
      const copyOpen = (destinationBotId: string) =>
        throughChat.copyFile({ idOrKey: open.id, destinationKey: uniqueKey(), 'x-destination-bot-id': destinationBotId });
      expect((await copyOpen(sibling.botId)).file.owner).toMatchObject({ type: 'integration', alias: 'webchat' });
      await notFound(copyOpen(bare.id));
      await invalid(copyTo(files, 'b'.repeat(201)));
    });

    it('deletes a file with its content', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'bye' });
      const { url } = (await files.getFile({ id: file.id })).file;
      expect(await files.deleteFile({ id: file.key })).toEqual({});
      await notFound(files.getFile({ id: file.id }));
      await notFound(files.deleteFile({ id: file.id }));
      expect((await download(url)).status).toBe(404);
    });
  });

  describe('tags', () => {
    it('lists the tag names and the values of a tag', async () => {
      const bot = await createChatBot();
      const own = client({ botId: bot.botId });
      await own.uploadFile({ key: 'one.txt', content: '1', tags: { lang: 'en', topic: 'billing' } });
      await own.uploadFile({ key: 'two.txt', content: '2', tags: { lang: 'fr' } });
      await own.uploadFile({ key: 'three.txt', content: '3', tags: { lang: 'en' } });
      expect(await own.listFileTags({})).toEqual({ tags: ['lang', 'topic'], meta: {} });
      expect(await own.listFileTagValues({ tag: 'lang' })).toEqual({ values: ['en', 'fr'], meta: {} });
      expect(await own.listFileTagValues({ tag: 'none' })).toEqual({ values: [], meta: {} });
    });
  });

  describe('knowledge bases', () => {
    it('creates, lists, updates and deletes them; deleting one deletes its files', async () => {
      const bot = await createChatBot();
      const own = client({ botId: bot.botId });
      const { knowledgeBase: kb } = await own.createKnowledgeBase({ name: 'Manuals', tags: { area: 'support' } });
      expect(kb).toEqual({ id: expect.stringMatching(/^kb_/), name: 'Manuals', tags: { area: 'support' } });
      const { knowledgeBase: other } = await own.createKnowledgeBase({ name: 'Other' });
      const listed = await own.listKnowledgeBases({});
      expect(listed).toEqual({
        knowledgeBases: [
          { ...kb, createdAt: expect.stringMatching(ISO_MS) },
          { ...other, tags: {}, createdAt: expect.stringMatching(ISO_MS) },
        ],
        meta: {},
      });
      expect((await own.listKnowledgeBases({ tags: { area: 'support' } })).knowledgeBases.map((k) => k.id)).toEqual([kb.id]);
      const { knowledgeBase: renamed } = await own.updateKnowledgeBase({ id: kb.id, name: 'Guides', tags: { area: null, lang: 'en' } });
      expect(renamed).toEqual({ id: kb.id, name: 'Guides', tags: { lang: 'en' } });
      const { file: inKb } = await own.uploadFile({ key: 'kb/guide.txt', content: 'guide', tags: { kbId: kb.id } });
      const { file: outside } = await own.uploadFile({ key: 'free.txt', content: 'free', tags: { kbId: other.id } });
      expect(await own.deleteKnowledgeBase({ id: kb.id })).toEqual({});
      await notFound(own.getFile({ id: inKb.id }));
      expect((await own.getFile({ id: outside.id })).file.id).toBe(outside.id);
      await notFound(own.deleteKnowledgeBase({ id: kb.id }));
      await notFound(own.updateKnowledgeBase({ id: kb.id, name: 'x' }));
      await expectBodiesRefused(
        'POST',
        '/v1/files/knowledge-bases',
        { ...headers, 'x-bot-id': bot.botId },
        badBodies({ name: 'kb' }, [
          ['no name', { name: undefined }],
          ['an empty name', { name: '' }],
          ['a name too long', { name: 'n'.repeat(201) }],
          ['tags not strings', { tags: { a: 1 } }],
        ]),
      );
      expect((await own.listKnowledgeBases({})).knowledgeBases).toHaveLength(1);
    });
  });

  describe('access', () => {
    it('needs a credential (401) and a bot the caller may act on (403)', async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'secret' });
      await expectClientError(anonymousClient({ botId }).getFile({ id: file.id }), UnauthorizedError, 401, 'Unauthorized');
      const other = await secondAccount();
      const intruder = client({ token: other.token, botId });
      const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
      await forbidden(intruder.getFile({ id: file.id }));
      await forbidden(intruder.listFiles({}));
      await forbidden(intruder.upsertFile({ key: uniqueKey(), size: 1 }));
      await forbidden(intruder.deleteFile({ id: file.id }));
      await forbidden(intruder.listKnowledgeBases({}));
      expect((await files.getFile({ id: file.id })).file.id).toBe(file.id);
    });

    it('lets an integration read its own files and those open to integrations, and change only its own', async () => {
      const bot = await createChatBot();
      const asBot = client({ botId: bot.botId });
      const asIntegration = client({ botId: bot.botId, integrationAlias: 'webchat' });
      const { file: closed } = await asBot.uploadFile({ key: 'closed.txt', content: 'bot only', index: true });
      const { file: open } = await asBot.uploadFile({ key: 'open.txt', content: 'open to integrations', accessPolicies: ['integrations'], index: true });
      const { file: own } = await asIntegration.uploadFile({ key: 'own.txt', content: 'integration notes', index: true });
      await notFound(asIntegration.getFile({ id: closed.id }));
      await notFound(asIntegration.listFilePassages({ id: closed.id }));
      expect((await asIntegration.getFile({ id: open.id })).file.key).toBe('open.txt');
      expect((await asIntegration.listFiles({ sortField: 'key', sortDirection: 'asc' })).files.map((f) => f.key)).toEqual(['open.txt', 'own.txt']);
      expect((await asBot.listFiles({})).files).toHaveLength(3);
      const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
      await forbidden(asIntegration.deleteFile({ id: open.id }));
      await forbidden(asIntegration.updateFileMetadata({ id: open.id, tags: { x: 'y' } }));
      await forbidden(asIntegration.upsertFile({ key: 'open.txt', size: 1 }));
      expect(await asIntegration.updateFileMetadata({ id: own.id, tags: { x: 'y' } })).toMatchObject({ file: { tags: { x: 'y' } } });
      for (const id of [closed.id, open.id, own.id]) {
        const deadline = Date.now() + 20000;
        while ((await asBot.getFile({ id })).file.status !== 'indexing_completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      }
      const { passages } = await asIntegration.searchFiles({ query: 'bot only open integrations notes', contextDepth: 0 });
      expect(new Set(passages.map((p) => p.file.key))).toEqual(new Set(['open.txt', 'own.txt']));
      expect((await asBot.getFile({ id: closed.id })).file.key).toBe('closed.txt');
    });

    it("keeps another bot's files out of reach (404)", async () => {
      const { file } = await files.uploadFile({ key: uniqueKey(), content: 'mine' });
      const bot = await createChatBot();
      const neighbour = client({ botId: bot.botId });
      await notFound(neighbour.getFile({ id: file.id }));
      await notFound(neighbour.getFile({ id: file.key }));
      await notFound(neighbour.deleteFile({ id: file.id }));
      await notFound(neighbour.copyFile({ idOrKey: file.id, destinationKey: uniqueKey() }));
      await notFound(neighbour.listFilePassages({ id: file.id }));
      expect((await neighbour.listFiles({})).files).toEqual([]);
    });

    it('deleting a bot deletes its files and their contents', async () => {
      const bot = await createChatBot();
      const own = client({ botId: bot.botId });
      const { file } = await own.uploadFile({ key: 'doomed.txt', content: 'doomed', accessPolicies: ['public_content'] });
      const { url } = (await own.getFile({ id: file.id })).file;
      await own.createKnowledgeBase({ name: 'kb' });
      await bot.admin.deleteBot({ id: bot.botId });
      expect(await sql(`SELECT 1 FROM "files"."files" WHERE "bot_id" = $1`, [bot.botId])).toHaveLength(0);
      expect(await sql(`SELECT 1 FROM "files"."knowledge_bases" WHERE "bot_id" = $1`, [bot.botId])).toHaveLength(0);
      expect((await download(url)).status).toBe(404);
    });
  });
});
