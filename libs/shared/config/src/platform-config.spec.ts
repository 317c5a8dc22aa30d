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
      listenKeepAliveMs: 2500,
      corsOrigins: ['*'],
      apiCorsOrigins: [],
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
    [{ BOT_LOG_RETENTION_DAYS: '-1' }, /BOT_LOG_RETENTION_DAYS/],
    [{ BOT_LOG_RETENTION_DAYS: 'a month' }, /BOT_LOG_RETENTION_DAYS/],
    [{ EVENT_RETENTION_DAYS: '-1' }, /EVENT_RETENTION_DAYS/],
    [{ EVENT_RETENTION_DAYS: '3651' }, /EVENT_RETENTION_DAYS/],
    [{ NATS_USER: 'platform' }, /NATS_USER and NATS_PASSWORD must be set together/],
    [{ NATS_PASSWORD: 'long-enough' }, /NATS_USER and NATS_PASSWORD must be set together/],
    [{ NATS_USER: 'platform', NATS_PASSWORD: 'short' }, /NATS_PASSWORD/],
    [{ LISTEN_KEEPALIVE_MS: '15000' }, /LISTEN_KEEPALIVE_MS/],
    [{ CORS_ORIGINS: 'https://shop.example.com/path' }, /CORS_ORIGINS/],
    [{ API_CORS_ORIGINS: 'shop.example.com' }, /API_CORS_ORIGINS/],
    [{ FILES_EMBEDDINGS_URL: 'embeddings.example.com/v1', FILES_EMBEDDINGS_MODEL: 'm' }, /FILES_EMBEDDINGS_URL/],
    [{ FILES_EMBEDDINGS_URL: 'http://127.0.0.1:8080/v1' }, /FILES_EMBEDDINGS_URL and FILES_EMBEDDINGS_MODEL must be set together/],
    [{ FILES_EMBEDDINGS_MODEL: 'text-embedding-3-small' }, /FILES_EMBEDDINGS_URL and FILES_EMBEDDINGS_MODEL must be set together/],
    [{ FILES_EMBEDDINGS_API_KEY: 'sk-123' }, /need FILES_EMBEDDINGS_URL/],
    [{ FILES_EMBEDDINGS_URL: 'http://e/v1', FILES_EMBEDDINGS_MODEL: 'has space' }, /FILES_EMBEDDINGS_MODEL/],
    [{ FILES_EMBEDDINGS_URL: 'http://e/v1', FILES_EMBEDDINGS_MODEL: 'm', FILES_EMBEDDINGS_DIMENSIONS: '0' }, /FILES_EMBEDDINGS_DIMENSIONS/],
    [{ FILES_EMBEDDINGS_BATCH_SIZE: '5000' }, /FILES_EMBEDDINGS_BATCH_SIZE/],
    [{ FILES_EMBEDDINGS_CONCURRENCY: '0' }, /FILES_EMBEDDINGS_CONCURRENCY/],
    [{ FILES_EMBEDDINGS_TIMEOUT_MS: '10' }, /FILES_EMBEDDINGS_TIMEOUT_MS/],
  ])('refuses %p naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('reads origin lists, comma separated', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://shop.example.com, http://localhost:8080', API_CORS_ORIGINS: '*' })).toMatchObject({
      corsOrigins: ['https://shop.example.com', 'http://localhost:8080'],
      apiCorsOrigins: ['*'],
    });
  });

  it('lets code override the environment (tests, tools)', () => {
    expect(loadConfig({ PORT: '1' }, { port: 4000 }).port).toBe(4000);
  });
});

describe('LOG_LEVEL', () => {
  it.each(['fatal', 'error', 'warn', 'info', 'log', 'debug', 'verbose', 'trace'])('accepts %s', (level) => {
    expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
  });

  it('defaults to info', () => {
    expect(loadConfig({}).logLevel).toBe('info');
  });

  it('refuses an unknown level with one line naming the variable', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^Invalid settings: LOG_LEVEL: .*fatal, error, warn, info/);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to where the gateway listens', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://bots.example.com' }).publicUrl).toBe('https://bots.example.com');
  });
});

describe('NATS credentials', () => {
  it('are optional, and read together', () => {
    expect(loadConfig({})).toMatchObject({ natsUser: undefined, natsPassword: undefined });
    expect(loadConfig({ NATS_USER: 'platform', NATS_PASSWORD: 'a-long-secret' })).toMatchObject({ natsUser: 'platform', natsPassword: 'a-long-secret' });
  });
});

describe('FILES_EMBEDDINGS_*', () => {
  it('are off by default, with bounded batches, concurrency and timeout', () => {
    expect(loadConfig({})).toMatchObject({
      filesEmbeddingsUrl: undefined,
      filesEmbeddingsModel: undefined,
      filesEmbeddingsApiKey: undefined,
      filesEmbeddingsDimensions: undefined,
      filesEmbeddingsBatchSize: 64,
      filesEmbeddingsConcurrency: 2,
      filesEmbeddingsTimeoutMs: 30000,
    });
  });

  it('are read together', () => {
    const env = {
      FILES_EMBEDDINGS_URL: 'https://api.openai.com/v1',
      FILES_EMBEDDINGS_MODEL: 'text-embedding-3-small',
      FILES_EMBEDDINGS_API_KEY: 'sk-secret',
      FILES_EMBEDDINGS_DIMENSIONS: '512',
      FILES_EMBEDDINGS_BATCH_SIZE: '16',
      FILES_EMBEDDINGS_CONCURRENCY: '4',
      FILES_EMBEDDINGS_TIMEOUT_MS: '5000',
    };
    expect(loadConfig(env)).toMatchObject({
      filesEmbeddingsUrl: 'https://api.openai.com/v1',
      filesEmbeddingsModel: 'text-embedding-3-small',
      filesEmbeddingsApiKey: 'sk-secret',
      filesEmbeddingsDimensions: 512,
      filesEmbeddingsBatchSize: 16,
      filesEmbeddingsConcurrency: 4,
      filesEmbeddingsTimeoutMs: 5000,
    });
  });

  it('never repeat the API key in a refusal', () => {
    const key = 'sk-with a space';
    expect(() => loadConfig({ FILES_EMBEDDINGS_URL: 'http://e/v1', FILES_EMBEDDINGS_MODEL: 'm', FILES_EMBEDDINGS_API_KEY: key })).toThrow(
      /FILES_EMBEDDINGS_API_KEY/,
    );
    expect(() => loadConfig({ FILES_EMBEDDINGS_URL: 'http://e/v1', FILES_EMBEDDINGS_MODEL: 'm', FILES_EMBEDDINGS_API_KEY: key })).not.toThrow(/with a space/);
  });
});
