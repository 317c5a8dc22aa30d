import { pathQueryProblem } from './path-query';

describe('pathQueryProblem', () => {
  it('passes ordinary paths and queries on', () => {
    expect(pathQueryProblem('/v1/chat/users?tags.name=%C3%A9t%C3%A9')).toBeUndefined();
  });

  it.each([
    ['an encoded NUL', '/v1/chat/users/a%00b'],
    ['invalid UTF-8', '/v1/chat/users?name=%C3%28'],
    ['an encoded lone surrogate', '/v1/chat/users?name=%ED%A0%80'],
  ])('refuses %s with 400', (_, url) => {
    expect(pathQueryProblem(url)).toMatchObject({ code: 400, type: 'InvalidPayload' });
  });
});
