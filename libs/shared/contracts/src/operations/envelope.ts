import { plainToInstance } from 'class-transformer';
import { Equals, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidationError, validateSync } from 'class-validator';
import type { Type } from '@nestjs/common';
import { Caller, Envelope, isServiceCaller } from '../callers';
import { Errors } from '../errors/api-error';
import { SERVICES } from '../subjects';
import { AnyOperation, InputOf } from './operation';
import { isValidInstance } from './valid-instance';

const TOKEN_HASH = /^[0-9a-f]{64}$/;

class AdminCallerDto {
  @Matches(TOKEN_HASH) tokenHash: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(200) workspaceId?: string;
}

class RuntimeCallerDto {
  @Matches(TOKEN_HASH) tokenHash: string;
  @IsString() @MinLength(1) @MaxLength(200) botId: string;
  @IsOptional() @IsString() @MaxLength(200) integrationId?: string;
  @IsOptional() @IsString() @MaxLength(200) integrationAlias?: string;
}

class ChatCallerDto {
  @IsString() @MinLength(1) @MaxLength(200) webhookId: string;
  @IsOptional() @IsString() @MaxLength(8192) userKey?: string;
  @IsOptional() @Matches(TOKEN_HASH) adminSecretHash?: string;
}

class ServiceCallerDto {
  @IsIn(SERVICES) service: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(200) botId?: string;
  @IsOptional() @IsString() @MaxLength(200) integrationAlias?: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(200) userId?: string;
}

const CALLER_BY_FAMILY: Record<string, Type<object>> = { admin: AdminCallerDto, runtime: RuntimeCallerDto, chat: ChatCallerDto, webchat: ChatCallerDto };
/** The tables API takes the runtime API's credentials. */
CALLER_BY_FAMILY.tables = RuntimeCallerDto;
/** So does the files API. */
CALLER_BY_FAMILY.files = RuntimeCallerDto;

/** The caller of an operation whose input carries its own credential (a signed file address): nobody in particular. */
class SignedCallerDto {
  @Equals(true) signed: true;
}

/** What a handler receives: the envelope checked against its operation's contract. */
export interface ValidatedRequest<O extends AnyOperation = AnyOperation> {
  requestId: string;
  caller: Caller;
  input: InputOf<O>;
  /** Present only for an operation declared `idempotent`. */
  idempotencyKey?: string;
}

/** What an `Idempotency-Key` may be: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Checks an envelope against the contract of the operation it asks for, at the receiving
 * service's edge: the request id, a caller of the kind the operation admits, and each input
 * section against its declared class (unknown properties refused). Any failure is a 400 in the
 * standard error body; nothing unchecked reaches a handler.
 */
export function validateEnvelope<O extends AnyOperation>(op: O, envelope: unknown): ValidatedRequest<O> {
  if (typeof envelope !== 'object' || envelope === null) throw Errors.invalidPayload('Malformed request envelope');
  const { requestId, caller, params, query, body, headers, timeoutMs, idempotencyKey } = envelope as Envelope<unknown>;
  if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > 200) {
    throw Errors.invalidPayload('Malformed request envelope: requestId');
  }
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs < 0 || timeoutMs > 600_000)) {
    throw Errors.invalidPayload('Malformed request envelope: timeoutMs');
  }
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey))) {
    throw Errors.invalidPayload('The Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  const callerClass = isServiceCaller(caller) ? ServiceCallerDto : op.access.kind === 'signed' ? SignedCallerDto : CALLER_BY_FAMILY[op.family];
  if (!callerClass) throw Errors.invalidPayload(`Operation ${op.name} admits only service callers`);
  checkedInstance(callerClass, caller, 'Malformed request envelope: caller');
  const input = Object.assign(
    section(op.query, query, 'query'),
    section(op.body, body, 'body'),
    section(op.headers, headers, 'headers'),
    // Path parameters last: they name the resource and win over a body property of the same name.
    section(op.params, params, 'params'),
  );
  return {
    requestId,
    caller: caller as Caller,
    input: input as InputOf<O>,
    // A key sent with an operation that creates nothing has nothing to protect.
    ...(op.idempotent && idempotencyKey !== undefined ? { idempotencyKey } : {}),
  };
}

function section(cls: Type<object> | undefined, value: unknown, where: string): object {
  if (!cls) {
    if (value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0)) {
      throw Errors.invalidPayload(`This operation takes no ${where}`);
    }
    return {};
  }
  return checkedInstance(cls, value ?? {}, undefined);
}

/**
 * `value` as an instance of `cls`, checked against its rules with unknown properties refused; a
 * 400 InvalidPayload naming every problem (after `context`, when given) otherwise.
 */
export function checkedInstance<T extends object>(cls: Type<T>, value: unknown, context: string | undefined): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw Errors.invalidPayload(context ?? 'The request body must be a JSON object');
  }
  const instance = plainToInstance(cls, value) as T;
  if (isValidInstance(instance)) return instance;
  const problems = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (problems.length > 0) {
    const detail = describeValidationErrors(problems);
    throw Errors.invalidPayload(context ? `${context}: ${detail}` : detail);
  }
  return instance;
}

/** Longest validation message sent back; the rest is summarised, so a huge body cannot echo itself. */
const MAX_MESSAGE_PROBLEMS = 20;

/** One readable line out of class-validator's nested errors, each with its property path. */
export function describeValidationErrors(errors: ValidationError[]): string {
  const lines: string[] = [];
  const walk = (list: ValidationError[], parent: string) => {
    for (const error of list) {
      const path = parent ? `${parent}.${error.property}` : error.property;
      for (const message of Object.values(error.constraints ?? {})) lines.push(message.replace(error.property, path));
      if (error.children?.length) walk(error.children, path);
    }
  };
  walk(errors, '');
  const shown = lines.slice(0, MAX_MESSAGE_PROBLEMS).join('; ');
  return lines.length > MAX_MESSAGE_PROBLEMS ? `${shown}; and ${lines.length - MAX_MESSAGE_PROBLEMS} more problems` : shown;
}
