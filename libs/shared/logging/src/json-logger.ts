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
/** How soon lines that standard output refused (a full pipe) are offered again. */
const RETRY_MS = 10;
/** How long an exiting process waits, at most, for standard output to take the lines still waiting. */
const EXIT_FLUSH_MS = 1000;
/** Most bytes of log lines held while standard output takes none; lines beyond are dropped, and counted. */
export const MAX_BUFFERED_LOG_BYTES = 16 * 1024 * 1024;
let processStdout: DestinationStream | undefined;

/**
 * Standard output for log lines, written in batches (when 4 KB are waiting, or every 200 ms)
 * instead of one write per line. A batch is written on the event loop's thread: handing each to
 * libuv's thread pool cost the gateway about a fifth of its CPU under load (each hand-off wakes a
 * pool thread, and its completion the loop). Standard output is opened first so that Node puts
 * a pipe in non-blocking mode: a reader that stops reading never holds the event loop; the lines
 * wait, up to `maxBufferedBytes` (then they are dropped, and a later line says how many), and go
 * out as soon as the pipe takes them. What is waiting when the process exits is written then,
 * for up to a second while the pipe is full: giving up at the first refusal cut a line in two
 * when only part of a batch fitted.
 */
export function stdoutDestination(service: string, maxBufferedBytes = MAX_BUFFERED_LOG_BYTES): DestinationStream {
  void process.stdout;
  let exitDeadline: number | undefined;
  const destination = pino.destination({
    dest: 1,
    sync: true,
    minLength: 4096,
    maxLength: maxBufferedBytes,
    // A full pipe: keep the lines and offer them again shortly, rather than sleep on the event loop;
    // only at exit, with no loop left to come back, wait for room (sleeping between tries), bounded.
    retryEAGAIN: () => exitDeadline !== undefined && Date.now() < exitDeadline,
  });
  let dropped = 0;
  let retry: NodeJS.Timeout | undefined;
  let readerGone = false;
  destination.on('drop', () => dropped++);
  destination.on('error', (error: NodeJS.ErrnoException) => {
    // EPIPE: nobody will ever read; the buffer fills up to its bound and further lines are dropped.
    if (error.code === 'EPIPE') readerGone = true;
    if (readerGone || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      destination.flush();
    }, RETRY_MS).unref();
  });
  // Once lines were dropped, a periodic write says how many (a report dropped too is tried again).
  const reportDrops = () => {
    const count = dropped;
    if (count === 0) return;
    destination.write(
      `${JSON.stringify({ level: 'warn', time: new Date().toISOString(), service, msg: `${count} log lines dropped: standard output took none for too long` })}\n`,
    );
    dropped = dropped > count ? count : 0;
  };
  setInterval(() => {
    reportDrops();
    destination.flush();
  }, FLUSH_MS).unref();
  process.on('exit', () => {
    exitDeadline = Date.now() + EXIT_FLUSH_MS;
    try {
      destination.flushSync();
    } catch {
      // Standard output is gone or full: nothing more can be said.
    }
  });
  return destination;
}

/** The one standard output of the process, shared by all its loggers. */
function processStandardOutput(service: string): DestinationStream {
  return (processStdout ??= stdoutDestination(service));
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
      destination ?? processStandardOutput(service),
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
