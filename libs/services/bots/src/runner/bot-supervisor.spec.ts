import { secretVariable } from './bot-supervisor';

describe('secretVariable', () => {
  it.each([
    ['API_KEY', 'SECRET_API_KEY'],
    ['apiKey', 'SECRET_API_KEY'],
    ['greeting', 'SECRET_GREETING'],
    ['my-token.v2', 'SECRET_MY_TOKEN_V2'],
  ])('names the secret %s as the sdk reads it: %s', (name, variable) => {
    expect(secretVariable(name)).toBe(variable);
  });
});
