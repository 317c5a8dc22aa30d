import { plainToInstance, Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

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
  port: number = 3000;

  @IsString()
  @Matches(/^(nats|tls|ws|wss):\/\//, { message: 'NATS_URL must look like nats://host:port' })
  natsUrl: string = 'nats://127.0.0.1:4222';

  /** Prefix of every NATS subject and JetStream resource, so several meshes can share one NATS. */
  @IsString()
  @Matches(/^[a-zA-Z0-9_-]{1,32}$/, { message: 'NATS_PREFIX must be 1 to 32 letters, digits, _ or -' })
  natsPrefix: string = 'bp';

  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must look like postgres://user@host:port/database' })
  databaseUrl: string = 'postgres://postgres@127.0.0.1:5432/postgres';

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
  publicUrl: string = 'http://localhost:3000';

  /** How long the gateway waits for a service over NATS before answering 503. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120000)
  requestTimeoutMs: number = 10000;

  /** How often an idle live stream (listenConversation) carries a keep-alive. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(55000)
  listenKeepAliveMs: number = 15000;

  /** First retry delay of an event delivery; doubles per attempt up to `eventRetryMaxMs`. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(600000)
  eventRetryBaseMs: number = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3600000)
  eventRetryMaxMs: number = 60000;

  /** Deliveries of one event before it is marked failed and the conversation moves on. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  eventMaxAttempts: number = 10;

  /** How long a bot may take to answer one delivery. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300000)
  deliveryTimeoutMs: number = 10000;

  /** A delivery in progress on a replica that died is retried after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  deliveryAckWaitMs: number = 30000;

  /** Connections each service keeps to Postgres. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  databasePoolSize: number = 10;
}

const ENV_NAMES: Record<keyof PlatformConfig, string> = {
  port: 'PORT',
  natsUrl: 'NATS_URL',
  natsPrefix: 'NATS_PREFIX',
  databaseUrl: 'DATABASE_URL',
  bootstrapToken: 'BOOTSTRAP_TOKEN',
  secretsKey: 'SECRETS_KEY',
  publicUrl: 'PUBLIC_URL',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  databasePoolSize: 'DATABASE_POOL_SIZE',
  listenKeepAliveMs: 'LISTEN_KEEPALIVE_MS',
  eventRetryBaseMs: 'EVENT_RETRY_BASE_MS',
  eventRetryMaxMs: 'EVENT_RETRY_MAX_MS',
  eventMaxAttempts: 'EVENT_MAX_ATTEMPTS',
  deliveryTimeoutMs: 'DELIVERY_TIMEOUT_MS',
  deliveryAckWaitMs: 'DELIVERY_ACK_WAIT_MS',
};

export class ConfigError extends Error {}

/** Reads the settings from an environment (process.env by default) and validates them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  const raw: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const config = plainToInstance(PlatformConfig, { ...raw, ...overrides });
  const problems = validateSync(config, { forbidUnknownValues: true });
  if (problems.length > 0) {
    const lines = problems.flatMap((p) => Object.values(p.constraints ?? {}).map((m) => `${ENV_NAMES[p.property as keyof PlatformConfig] ?? p.property}: ${m}`));
    throw new ConfigError(`Invalid settings: ${lines.join('; ')}`);
  }
  return config;
}
