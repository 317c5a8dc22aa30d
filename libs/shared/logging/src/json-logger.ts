import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger, LevelWithSilent } from 'pino';
import { RequestContext } from './request-context';

type Fields = Record<string, unknown>;

/** The levels `LOG_LEVEL` accepts, most severe first; `log` and `verbose` are Nest's names for info and trace. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'log', 'debug', 'verbose', 'trace'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

const PINO_LEVEL: Record<LogLevelName, LevelWithSilent> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  info: 'info',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
  trace: 'trace',
};

/** How often buffered log lines are written out at the latest. */
const FLUSH_MS = 200;
let processStdout: DestinationStream | undefined;

/**
 * One buffered standard output for every logger of the process: lines are written in batches
 * (when 4 KB are waiting, or every 200 ms) off the request's path, instead of one synchronous
 * write per line; what is waiting when the process exits is written then.
 */
function bufferedStdout(): DestinationStream {
  if (!processStdout) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    setInterval(() => destination.flush(), FLUSH_MS).unref();
    process.on('exit', () => {
      try {
        destination.flushSync();
      } catch {
        // Standard output is gone: nothing more can be said.
      }
    });
    processStdout = destination;
  }
  return processStdout;
}

/** Contexts whose routine start-up lines (route mapping, module wiring) are only worth seeing at debug. */
const NOISY_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader', 'NestFactory', 'NestApplication', 'NestMicroservice']);

/**
 * Structured JSON logs, one object per line, for every process: `time`, `level`, `service`,
 * `msg`, the request id of the request being served (see `RequestContext`) and the caller's
 * fields. Fields never include credentials: callers pass only what they mean to publish.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(service: string, level: LogLevelName = 'info', destination?: DestinationStream) {
    this.pino = pino(
      {
        level: PINO_LEVEL[level],
        base: { service },
        messageKey: 'msg',
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        mixin: () => {
          const requestId = RequestContext.requestId();
          return requestId ? { requestId } : {};
        },
      },
      destination ?? bufferedStdout(),
    );
  }

  log(message: unknown, ...rest: unknown[]) {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.emit('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.emit('fatal', message, rest);
  }

  /** A structured line with explicit fields, used for request logs and events. */
  event(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug', msg: string, fields: Fields = {}) {
    this.pino[level](fields, msg);
  }

  private emit(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    // Nest passes the context name as the last string argument, and a stack for errors.
    const strings = rest.filter((r) => typeof r === 'string') as string[];
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    if (level === 'info' && NOISY_CONTEXTS.has(context as string)) level = 'debug';
    // Lines below the level (a service's line for each request it handles is debug) cost nothing more.
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Fields = {};
    if (context !== undefined) fields.context = context;
    if (level === 'error' && strings.length > 1) fields.stack = strings[0];
    if (message instanceof Error) {
      fields.error = message.message;
      fields.stack = message.stack;
      message = message.message;
    } else if (message && typeof message === 'object') {
      Object.assign(fields, message);
      message = (message as Fields).msg ?? '';
      delete fields.msg;
    }
    this.pino[level](fields, String(message));
  }
}
