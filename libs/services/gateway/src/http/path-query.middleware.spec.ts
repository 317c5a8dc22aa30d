import type { Request, Response } from 'express';
import { PathQueryMiddleware } from './path-query.middleware';

function run(originalUrl: string): number | 'next' {
  let status: number | 'next' = 'next';
  const res = {
    headersSent: false,
    setHeader: () => undefined,
    once: () => undefined,
    status(code: number) {
      status = code;
      return this;
    },
    json: () => undefined,
  } as unknown as Response;
  new PathQueryMiddleware().use({ originalUrl, method: 'GET', path: originalUrl, complete: true } as unknown as Request, res, () => undefined);
  return status;
}

describe('PathQueryMiddleware', () => {
  it('passes ordinary paths and queries on', () => {
    expect(run('/v1/chat/users?tags.name=%C3%A9t%C3%A9')).toBe('next');
  });

  it.each([
    ['an encoded NUL', '/v1/chat/users/a%00b'],
    ['invalid UTF-8', '/v1/chat/users?name=%C3%28'],
    ['an encoded lone surrogate', '/v1/chat/users?name=%ED%A0%80'],
  ])('refuses %s with 400', (_, url) => {
    expect(run(url)).toBe(400);
  });
});
