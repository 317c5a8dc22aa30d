import { e2e, expectErrorBody, raw } from '@platform/testing';

describe('request handling at the gateway', () => {
  it('answers unknown routes with the standard 404 body', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['GET', '/v1/admin/nope'],
      ['DELETE', '/v1/chat/integrations/configure'],
      ['GET', '/v1/files/x/y/z'],
    ]) {
      const res = await raw(method, path, { headers: { authorization: `Bearer ${e2e.token}` } });
      expect(res.status).toBe(404);
      expectErrorBody(res.json, 404, 'ResourceNotFound');
    }
  });

  it('answers malformed JSON with 400 InvalidPayload', async () => {
    const res = await raw('POST', '/v1/chat/integrations/configure', {
      headers: { 'content-type': 'application/json', authorization: 'Bearer x', 'x-bot-id': 'b' },
      body: '{"identifier": ',
    });
    expect(res.status).toBe(400);
    expectErrorBody(res.json, 400, 'InvalidPayload');
    expect(res.json.message).toMatch(/JSON/);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers a %s body with 415 UnsupportedMediaType',
    async (contentType) => {
      const res = await raw('POST', '/v1/admin/bots', {
        headers: { 'content-type': contentType, authorization: `Bearer ${e2e.token}`, 'x-workspace-id': 'any' },
        body: 'name=x',
      });
      expect(res.status).toBe(415);
      expectErrorBody(res.json, 415, 'UnsupportedMediaType');
    },
  );

  it("echoes the caller's x-request-id, on success and on failure", async () => {
    const ok = await raw('GET', '/health', { headers: { 'x-request-id': 'req-abc-123' } });
    expect(ok.headers['x-request-id']).toBe('req-abc-123');
    const failed = await raw('GET', '/nope', { headers: { 'x-request-id': 'req-def-456' } });
    expect(failed.headers['x-request-id']).toBe('req-def-456');
  });

  it('gives a request without x-request-id a fresh one', async () => {
    const a = await raw('GET', '/health');
    const b = await raw('GET', '/health');
    expect(a.headers['x-request-id']).toEqual(expect.any(String));
    expect(a.headers['x-request-id']).not.toEqual(b.headers['x-request-id']);
  });

  it('never leaks internals in error messages', async () => {
    const res = await raw('GET', '/v1/admin/bots', { headers: { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': 'w' } });
    expect(res.text).not.toMatch(/stack|at \w+ \(|node_modules|QueryFailedError/);
  });
});
