import { ConfigError, loadConfig } from './platform-config';

describe('loadConfig', () => {
  it('uses the documented defaults with an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      natsUrl: 'nats://127.0.0.1:4222',
      natsPrefix: 'bp',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      publicUrl: 'http://localhost:3000',
      requestTimeoutMs: 10000,
      databasePoolSize: 10,
      bootstrapToken: undefined,
    });
  });

  it('reads each setting from its variable', () => {
    const config = loadConfig({
      PORT: '8080',
      NATS_URL: 'nats://nats:4222',
      NATS_PREFIX: 'prod',
      DATABASE_URL: 'postgres://u:p@db:5432/x',
      BOOTSTRAP_TOKEN: 'a-long-enough-token',
      PUBLIC_URL: 'https://bots.example.com',
      REQUEST_TIMEOUT_MS: '2500',
      DATABASE_POOL_SIZE: '4',
    });
    expect(config).toMatchObject({
      port: 8080,
      natsUrl: 'nats://nats:4222',
      natsPrefix: 'prod',
      databaseUrl: 'postgres://u:p@db:5432/x',
      bootstrapToken: 'a-long-enough-token',
      publicUrl: 'https://bots.example.com',
      requestTimeoutMs: 2500,
      databasePoolSize: 4,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ NATS_URL: 'localhost:4222' }, /NATS_URL/],
    [{ NATS_PREFIX: 'has spaces' }, /NATS_PREFIX/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ BOOTSTRAP_TOKEN: 'short' }, /BOOTSTRAP_TOKEN/],
    [{ REQUEST_TIMEOUT_MS: '5' }, /REQUEST_TIMEOUT_MS/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
  ])('refuses %p naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('lets code override the environment (tests, tools)', () => {
    expect(loadConfig({ PORT: '1' }, { port: 4000 }).port).toBe(4000);
  });
});
