import { plainToInstance, Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { LOG_LEVELS, LogLevelName } from '@platform/logging';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** A comma-separated setting as a list. */
const splitList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

/** `*`, or a web origin: scheme, host and optional port, no path. */
const ORIGIN = /^(\*|https?:\/\/[^/\s]+)$/;

/**
 * Every setting of the platform, read from the environment once at start-up and validated, so a
 * typo fails the start with a clear line instead of misbehaving later.
 */
export class PlatformConfig {
  /** Port of the public HTTP gateway. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  port = 3000;

  @IsString()
  @Matches(/^(nats|tls|ws|wss):\/\//, { message: 'NATS_URL must look like nats://host:port' })
  natsUrl = 'nats://127.0.0.1:4222';

  /**
   * Credentials of the services on NATS (user and password of the server's authorization), so
   * nothing that merely reaches the NATS port can answer as a service.
   */
  @IsOptional()
  @IsString()
  @Matches(/^[^\s]{1,128}$/, { message: 'NATS_USER must be 1 to 128 characters without spaces' })
  natsUser?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'NATS_PASSWORD must be at least 8 characters' })
  natsPassword?: string;

  /** Prefix of every NATS subject and JetStream resource, so several meshes can share one NATS. */
  @IsString()
  @Matches(/^[a-zA-Z0-9_-]{1,32}$/, { message: 'NATS_PREFIX must be 1 to 32 letters, digits, _ or -' })
  natsPrefix = 'bp';

  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must look like postgres://user@host:port/database' })
  databaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

  /** Folder of the embedded database, used when the platform runs in one process without DATABASE_URL. */
  @IsString()
  @MinLength(1)
  dataDir = './data';

  /** Local port the embedded database is served on to the process's own pools; 0 for any free port. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  embeddedDatabasePort = 0;

  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'BOOTSTRAP_TOKEN must be at least 16 characters' })
  bootstrapToken?: string;

  /**
   * Key that encrypts the secrets the platform must read back (chat signing keys). Without it,
   * a random key is generated once and kept in the admin schema.
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'SECRETS_KEY must be at least 32 characters' })
  secretsKey?: string;

  /** Address the platform is reached at from outside; used to build webhook URLs. */
  @IsString()
  @Matches(/^https?:\/\/[^/]+(\/.*)?$/, { message: 'PUBLIC_URL must be an http(s) URL' })
  publicUrl = 'http://localhost:3000';

  /** How long the gateway waits for a service over NATS before answering 503. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120000)
  requestTimeoutMs = 10000;

  /** Longest time a request body may take to arrive, whole. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3600000)
  bodyReadTimeoutMs = 60000;

  /** Longest pause between two parts of a request body. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  bodyIdleTimeoutMs = 10000;

  /**
   * How often an idle live stream (listenConversation, the web chat's initialize) carries a
   * keep-alive. It must stay under the idle-socket timeout of the listeners' HTTP clients: Node's
   * default agent gives up on a socket after 5 s without a byte.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(4000, { message: 'LISTEN_KEEPALIVE_MS must be at most 4000 (Node clients drop a stream silent for 5 s)' })
  listenKeepAliveMs = 2500;

  /**
   * Origins (comma separated, or `*`) whose pages may call the end-user APIs (chat, web chat) from
   * a browser. Those take a header credential, never cookies, so any origin is safe by default.
   */
  @Transform(({ value }: { value: unknown }) => splitList(value))
  @IsArray()
  @Matches(ORIGIN, { each: true, message: 'CORS_ORIGINS must be * or a comma-separated list of origins like https://example.com' })
  corsOrigins: string[] = ['*'];

  /** The same for the developer APIs (runtime, admin): none unless listed. */
  @Transform(({ value }: { value: unknown }) => splitList(value))
  @IsArray()
  @Matches(ORIGIN, { each: true, message: 'API_CORS_ORIGINS must be * or a comma-separated list of origins like https://example.com' })
  apiCorsOrigins: string[] = [];

  /** First retry delay of an event delivery; doubles per attempt up to `eventRetryMaxMs`. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(600000)
  eventRetryBaseMs = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3600000)
  eventRetryMaxMs = 60000;

  /** Deliveries of one event before it is marked failed and the conversation moves on. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  eventMaxAttempts = 10;

  /** How long a bot may take to answer one delivery. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300000)
  deliveryTimeoutMs = 10000;

  /**
   * A lane being delivered by a runtime replica that died is taken over after this long (the
   * lease its living holder renews while it delivers).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  deliveryLeaseMs = 5000;

  /**
   * Deliveries in progress at once in one runtime replica, all bots together: 32 times the
   * per-bot share, so it takes 32 bots that hang at once to fill a replica.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  deliveryConcurrency = 512;

  /**
   * Deliveries in progress at once for one bot in one runtime replica (each in another
   * conversation): a slow bot holds no more, and a busy one drains 16 conversations at a time.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  deliveryConcurrencyPerBot = 16;

  /**
   * Networks bot urls may reach besides the public internet (CIDR, comma separated), e.g.
   * `127.0.0.0/8` for bots on the same machine during development.
   */
  @Transform(({ value }: { value: unknown }) => splitList(value))
  @IsArray()
  @Matches(/^[0-9a-fA-F:.]+\/\d{1,3}$/, { each: true, message: 'DELIVERY_ALLOWED_NETWORKS must be a comma-separated list of CIDR networks, e.g. 127.0.0.0/8' })
  deliveryAllowedNetworks: string[] = [];

  /** Address a bot's process reaches the platform's API at (its `BP_API_URL`); `PUBLIC_URL` when unset. */
  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/[^/]+(\/.*)?$/, { message: 'BOT_API_URL must be an http(s) URL' })
  botApiUrl?: string;

  /** Heap a bot's process may use, in MB; a process using more than twice this in all is stopped too. */
  @Transform(toInt)
  @IsInt()
  @Min(16)
  @Max(16384)
  botMemoryMb = 256;

  /** How long a bot's code may take over one event before its process is stopped and the event retried. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300000)
  botEventTimeoutMs = 10000;

  /** How long a bot's process may take to load its bundle. */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  @Max(300000)
  botStartTimeoutMs = 15000;

  /** First wait before a crashed bot's process is started again; doubles per crash up to `botRestartMaxMs`. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(600000)
  botRestartBaseMs = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3600000)
  botRestartMaxMs = 60000;

  /** A bot run by a bots replica that died is taken over by another after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  botLeaseMs = 5000;

  /** Bot processes one bots replica runs at most; it takes no more bots beyond that. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  botMaxProcesses = 200;

  /** Log lines one bot may add to getBotLogs per minute; the rest are counted and dropped. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  botLogLinesPerMinute = 600;

  /** Days a bot's log lines are kept for getBotLogs; older ones are deleted (0: kept forever). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3650)
  botLogRetentionDays = 30;

  /**
   * Days an event that reached its end (processed, failed, ignored or canceled) is kept for listEvents,
   * getEvent and the bot's issues; older ones are deleted, counted by the hour for analytics
   * first (0: kept forever). Pending and scheduled events are never deleted.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3650)
  eventRetentionDays = 30;

  /** Folder where the bots service keeps bundles and each bot's scratch folder; a folder under the system's temporary folder when unset. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  botWorkDir?: string;

  /** Connections each service keeps to Postgres. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  databasePoolSize = 10;

  /**
   * Statements a service repeats run as named prepared statements on each connection (parsed and
   * planned once per connection). Off for a connection pooler between the services and Postgres
   * that does not keep them per client, such as PgBouncer in transaction mode before 1.21.
   */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'DATABASE_PREPARED_STATEMENTS must be true or false' })
  databasePreparedStatements = true;

  /** Requests per minute from one client address, all credentials together (0: no limit). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  rateLimitPerClient = 6000;

  /** Requests per minute carrying one credential (token, bot key or chat user key; 0: no limit). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  rateLimitPerCredential = 3000;

  /** Refused credentials per minute from one client address before it must wait (0: no limit). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  rateLimitAuthFailures = 30;

  /**
   * Reverse proxies in front of the gateway whose `X-Forwarded-For` is believed: how many hops
   * (0: none, the connection's address is the client's).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10)
  trustProxyHops = 0;

  /**
   * Not a setting: true when the process runs on its embedded database, which serves one session
   * at a time, so no work may hold it while waiting for another connection (cross-process locks
   * are needless there: no other process reaches that database).
   */
  @IsBoolean()
  singleSessionDatabase = false;
  /** Quota of bots per workspace reported by the usage and quota operations (`bot_count`). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  workspaceBotQuota = 1000;

  /** Quota of members per workspace reported by the usage and quota operations (`workspace_member_count`). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  workspaceMemberQuota = 1000;

  /** Largest file the files API stores, in bytes; a larger upload is refused (413) before any byte is kept. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(5 * 1024 * 1024 * 1024)
  filesMaxSizeBytes = 100 * 1024 * 1024;

  /** How long the signed upload and download addresses of files stay valid, in seconds. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(7 * 24 * 3600)
  filesUrlTtlS = 3600;

  /**
   * Where file contents are kept: `nats` (the JetStream object store of NATS_URL), `s3` (an
   * S3-compatible bucket) or `disk` (files in DATA_DIR/blobs, for the one-process platform only:
   * replicas on other machines would not see them). The one-process platform uses `disk` unless set.
   */
  @IsIn(['nats', 's3', 'disk'], { message: 'FILES_STORE must be nats, s3 or disk' })
  filesStore: 'nats' | 's3' | 'disk' = 'nats';

  /** S3 (FILES_STORE=s3): the endpoint of an S3-compatible service (MinIO…); AWS's when unset. */
  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/[^/]+(\/.*)?$/, { message: 'S3_ENDPOINT must be an http(s) URL' })
  s3Endpoint?: string;

  @IsString()
  @Matches(/^[a-z0-9-]{1,40}$/, { message: 'S3_REGION must be a region name such as us-east-1' })
  s3Region = 'us-east-1';

  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name' })
  s3Bucket?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  s3AccessKeyId?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  s3SecretAccessKey?: string;

  /** Address buckets as `<endpoint>/<bucket>` (MinIO and most S3-compatible services) rather than `<bucket>.<endpoint>`. */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'S3_FORCE_PATH_STYLE must be true or false' })
  s3ForcePathStyle = true;

  /**
   * Semantic ranking of searchFiles (off unless set): the base address of an OpenAI-compatible
   * embeddings API (`POST <url>/embeddings`), e.g. `https://api.openai.com/v1`.
   */
  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/[^/\s]+(\/\S*)?$/, { message: 'FILES_EMBEDDINGS_URL must be an http(s) URL such as http://host:port/v1' })
  filesEmbeddingsUrl?: string;

  /** The embeddings model asked for (`model` of each request); required with FILES_EMBEDDINGS_URL. */
  @IsOptional()
  @IsString()
  @Matches(/^\S{1,200}$/, { message: 'FILES_EMBEDDINGS_MODEL must be a model name of 1 to 200 characters without spaces' })
  filesEmbeddingsModel?: string;

  /** Sent as `Authorization: Bearer <key>` to the embeddings API; a secret, never logged. */
  @IsOptional()
  @IsString()
  @Matches(/^[\x21-\x7e]{1,1000}$/, { message: 'FILES_EMBEDDINGS_API_KEY must be 1 to 1000 visible ASCII characters' })
  filesEmbeddingsApiKey?: string;

  /** Length of the vectors asked for (`dimensions`, for models that can shorten theirs); the model's own when unset. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(8192)
  filesEmbeddingsDimensions?: number;

  /** Passages per embeddings request. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(2048)
  filesEmbeddingsBatchSize = 64;

  /** Embeddings requests in flight at once while one replica indexes a file. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(16)
  filesEmbeddingsConcurrency = 2;

  /** How long one embeddings request may take before it is abandoned (and tried again, a bounded number of times). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  filesEmbeddingsTimeoutMs = 30000;

  /** Least severe level written to the log. */
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  logLevel: LogLevelName = 'info';
}

export const ENV_NAMES: Record<Exclude<keyof PlatformConfig, 'singleSessionDatabase'>, string> = {
  port: 'PORT',
  natsUrl: 'NATS_URL',
  natsPrefix: 'NATS_PREFIX',
  natsUser: 'NATS_USER',
  natsPassword: 'NATS_PASSWORD',
  databaseUrl: 'DATABASE_URL',
  dataDir: 'DATA_DIR',
  embeddedDatabasePort: 'EMBEDDED_DATABASE_PORT',
  bootstrapToken: 'BOOTSTRAP_TOKEN',
  secretsKey: 'SECRETS_KEY',
  publicUrl: 'PUBLIC_URL',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  databasePoolSize: 'DATABASE_POOL_SIZE',
  databasePreparedStatements: 'DATABASE_PREPARED_STATEMENTS',
  listenKeepAliveMs: 'LISTEN_KEEPALIVE_MS',
  eventRetryBaseMs: 'EVENT_RETRY_BASE_MS',
  eventRetryMaxMs: 'EVENT_RETRY_MAX_MS',
  eventMaxAttempts: 'EVENT_MAX_ATTEMPTS',
  deliveryTimeoutMs: 'DELIVERY_TIMEOUT_MS',
  deliveryLeaseMs: 'DELIVERY_LEASE_MS',
  deliveryConcurrency: 'DELIVERY_CONCURRENCY',
  deliveryConcurrencyPerBot: 'DELIVERY_CONCURRENCY_PER_BOT',
  deliveryAllowedNetworks: 'DELIVERY_ALLOWED_NETWORKS',
  logLevel: 'LOG_LEVEL',
  botApiUrl: 'BOT_API_URL',
  botMemoryMb: 'BOT_MEMORY_MB',
  botEventTimeoutMs: 'BOT_EVENT_TIMEOUT_MS',
  botStartTimeoutMs: 'BOT_START_TIMEOUT_MS',
  botRestartBaseMs: 'BOT_RESTART_BASE_MS',
  botRestartMaxMs: 'BOT_RESTART_MAX_MS',
  botLeaseMs: 'BOT_LEASE_MS',
  botMaxProcesses: 'BOT_MAX_PROCESSES',
  botLogLinesPerMinute: 'BOT_LOG_LINES_PER_MINUTE',
  botLogRetentionDays: 'BOT_LOG_RETENTION_DAYS',
  eventRetentionDays: 'EVENT_RETENTION_DAYS',
  workspaceBotQuota: 'WORKSPACE_BOT_QUOTA',
  workspaceMemberQuota: 'WORKSPACE_MEMBER_QUOTA',
  botWorkDir: 'BOT_WORK_DIR',
  bodyReadTimeoutMs: 'BODY_READ_TIMEOUT_MS',
  bodyIdleTimeoutMs: 'BODY_IDLE_TIMEOUT_MS',
  rateLimitPerClient: 'RATE_LIMIT_PER_CLIENT',
  rateLimitPerCredential: 'RATE_LIMIT_PER_CREDENTIAL',
  rateLimitAuthFailures: 'RATE_LIMIT_AUTH_FAILURES',
  trustProxyHops: 'TRUST_PROXY_HOPS',
  corsOrigins: 'CORS_ORIGINS',
  apiCorsOrigins: 'API_CORS_ORIGINS',
  filesMaxSizeBytes: 'FILES_MAX_SIZE_BYTES',
  filesUrlTtlS: 'FILES_URL_TTL_S',
  filesStore: 'FILES_STORE',
  s3Endpoint: 'S3_ENDPOINT',
  s3Region: 'S3_REGION',
  s3Bucket: 'S3_BUCKET',
  s3AccessKeyId: 'S3_ACCESS_KEY_ID',
  s3SecretAccessKey: 'S3_SECRET_ACCESS_KEY',
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  filesEmbeddingsUrl: 'FILES_EMBEDDINGS_URL',
  filesEmbeddingsModel: 'FILES_EMBEDDINGS_MODEL',
  filesEmbeddingsApiKey: 'FILES_EMBEDDINGS_API_KEY',
  filesEmbeddingsDimensions: 'FILES_EMBEDDINGS_DIMENSIONS',
  filesEmbeddingsBatchSize: 'FILES_EMBEDDINGS_BATCH_SIZE',
  filesEmbeddingsConcurrency: 'FILES_EMBEDDINGS_CONCURRENCY',
  filesEmbeddingsTimeoutMs: 'FILES_EMBEDDINGS_TIMEOUT_MS',
};

export class ConfigError extends Error {}

/** Reads the settings from an environment (process.env by default) and validates them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  const raw: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  // Without PUBLIC_URL, the platform is reached where it listens.
  if (raw.publicUrl === undefined && overrides.publicUrl === undefined) raw.publicUrl = `http://localhost:${overrides.port ?? raw.port ?? 3000}`;
  const config = plainToInstance(PlatformConfig, { ...raw, ...overrides });
  const problems = validateSync(config, { forbidUnknownValues: true });
  if (config.filesStore === 's3' && config.s3Bucket === undefined) throw new ConfigError('Invalid settings: FILES_STORE=s3 needs S3_BUCKET');
  if ((config.filesEmbeddingsUrl === undefined) !== (config.filesEmbeddingsModel === undefined)) {
    throw new ConfigError('Invalid settings: FILES_EMBEDDINGS_URL and FILES_EMBEDDINGS_MODEL must be set together');
  }
  if (config.filesEmbeddingsUrl === undefined && (config.filesEmbeddingsApiKey !== undefined || config.filesEmbeddingsDimensions !== undefined)) {
    throw new ConfigError('Invalid settings: FILES_EMBEDDINGS_API_KEY and FILES_EMBEDDINGS_DIMENSIONS need FILES_EMBEDDINGS_URL');
  }
  if ((config.natsUser === undefined) !== (config.natsPassword === undefined)) {
    throw new ConfigError('Invalid settings: NATS_USER and NATS_PASSWORD must be set together');
  }
  if (problems.length > 0) {
    const lines = problems.flatMap((p) =>
      Object.values(p.constraints ?? {}).map((m) => `${ENV_NAMES[p.property as keyof typeof ENV_NAMES] ?? p.property}: ${m}`),
    );
    throw new ConfigError(`Invalid settings: ${lines.join('; ')}`);
  }
  return config;
}
