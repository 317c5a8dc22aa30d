import { LoggerService, LogLevel } from '@nestjs/common';

type Fields = Record<string, unknown>;

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/**
 * Structured JSON logs, one object per line, for every service. Fields never include credentials:
 * callers pass only what they mean to publish.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly minLevel: LogLevel = (process.env.LOG_LEVEL as LogLevel) || 'log',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  ) {}

  log(message: unknown, ...rest: unknown[]) {
    this.emit('log', message, rest);
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
    this.emit('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.emit('fatal', message, rest);
  }

  /** A structured line with explicit fields, used for request logs and events. */
  event(level: LogLevel, msg: string, fields: Fields = {}) {
    if (!this.enabled(level)) return;
    this.write(JSON.stringify({ time: new Date().toISOString(), level, service: this.service, msg, ...fields }));
  }

  private enabled(level: LogLevel) {
    return LEVELS.indexOf(level) <= LEVELS.indexOf(this.minLevel);
  }

  private emit(level: LogLevel, message: unknown, rest: unknown[]) {
    if (!this.enabled(level)) return;
    const fields: Fields = {};
    // Nest passes the context name as the last string argument, and a stack for errors.
    const strings = rest.filter((r) => typeof r === 'string') as string[];
    if (strings.length > 0) fields.context = strings[strings.length - 1];
    if (level === 'error' && strings.length > 1) fields.stack = strings[0];
    if (message instanceof Error) {
      fields.error = message.message;
      fields.stack = message.stack;
      message = message.message;
    } else if (message && typeof message === 'object') {
      Object.assign(fields, message);
      message = (message as Fields).msg ?? '';
    }
    this.event(level, String(message), fields);
  }
}
