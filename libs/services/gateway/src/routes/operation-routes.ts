import { Controller, Headers, HttpCode, Inject, Param, Query, Req, RequestMapping, RequestMethod, Res, Type } from '@nestjs/common';
import { ApiBody, ApiExtension, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import {
  AnyOperation,
  ApiError,
  Caller,
  Envelope,
  ErrorTypes,
  headerInputs,
  pathParameters,
  StreamGrant,
  UNAVAILABLE_OPERATIONS,
  UnavailableOperation,
} from '@platform/contracts';
import { singleHeader } from '@platform/auth';
import { BusClient } from '@platform/messaging';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimits } from '../http/rate-limits';
import { RequestBodyReader } from '../http/request-body';
import { StreamRelay } from '../streams/stream-relay';
import { HTTP_FAMILIES, HttpFamily } from './http-families';
import { documentationTag, errorResponse, routePath } from './route-paths';
import { addUnavailableRoute } from './unavailable-routes';

/** The media type of every answer that is not a stream (Fastify's own for the objects it serialises). */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The gateway's routes, generated from the declared operations: one Nest controller per HTTP
 * family, one route per operation. Each route reads the family's credentials, wraps the
 * request in the bus envelope and forwards it to the owning service, which validates it and
 * answers; stream operations are relayed as server-sent events. Nothing about an operation is
 * written here: its path, input and answer come from its declaration.
 */
export function operationControllers(
  operations: readonly AnyOperation[],
  unavailable: readonly UnavailableOperation[] = UNAVAILABLE_OPERATIONS,
): Type<unknown>[] {
  const controllers: Type<unknown>[] = [];
  for (const [family, http] of Object.entries(HTTP_FAMILIES)) {
    const routed = operations.filter((op) => op.family === family && op.path);
    const answered = unavailable.filter((op) => op.family === family);
    if (routed.length + answered.length > 0) controllers.push(familyController(family, http!, routed, answered));
  }
  return controllers;
}

function familyController(family: string, http: HttpFamily, operations: AnyOperation[], unavailable: readonly UnavailableOperation[]): Type<unknown> {
  class FamilyRoutes {
    constructor(
      @Inject(BusClient) readonly bus: BusClient,
      @Inject(StreamRelay) readonly relay: StreamRelay,
      @Inject(RequestBodyReader) readonly bodies: RequestBodyReader,
      @Inject(RateLimits) readonly limits: RateLimits,
    ) {}
  }
  Object.defineProperty(FamilyRoutes, 'name', { value: `${family[0].toUpperCase()}${family.slice(1)}Routes` });
  for (const operation of operations) addRoute(FamilyRoutes.prototype, http, operation);
  for (const operation of unavailable) addUnavailableRoute(FamilyRoutes.prototype, operation, allowedMethods(operations, operation.path));
  Controller()(FamilyRoutes);
  return FamilyRoutes;
}

type RouteArgs = [params: Record<string, string>, query: Record<string, unknown>, req: FastifyRequest, res: FastifyReply];

type Routes = { bus: BusClient; relay: StreamRelay; bodies: RequestBodyReader; limits: RateLimits };

function addRoute(prototype: Routes, http: HttpFamily, operation: AnyOperation): void {
  const key = operation.name;
  async function handle(this: Routes, ...[params, query, req, res]: RouteArgs): Promise<unknown> {
    // The route, the credential headers and the rate limits are checked before a byte of the body is read.
    const caller = http.caller(req, operation);
    await this.limits.admitCaller(caller, req.ip);
    try {
      return await forward.call(this, caller, params, query, req, res);
    } catch (error) {
      if (error instanceof ApiError && error.code === 401) await this.limits.refused(req.ip);
      throw error;
    }
  }
  async function forward(this: Routes, caller: Caller, ...[params, query, req, res]: RouteArgs): Promise<unknown> {
    const envelope: Envelope = {
      // The body comes first: whatever it holds, the envelope's own fields are written after it.
      body: operation.body ? await this.bodies.readJson(req, res) : undefined,
      requestId: req.requestId,
      caller,
      params: withoutPrefixParams(params, http.prefixParams),
      // Query parameters of an operation that declares none are ignored, as they always were.
      query: operation.query ? query : undefined,
      headers: operation.headers ? headerInput(req, operation) : undefined,
      idempotencyKey: operation.idempotent ? idempotencyKeyOf(req) : undefined,
    };
    if (!operation.stream) {
      // The service's answer goes out as the text it came in: parsing it here only to serialise it again would change nothing.
      const answer = await this.bus.callForText(operation, envelope);
      void res.type(JSON_TYPE);
      return answer.text;
    }
    const grant = (await this.bus.call(operation, envelope)) as StreamGrant;
    await this.relay.relay(grant, req, res);
  }
  // Nest and @nestjs/swagger find a route's metadata by the handler's name.
  Object.defineProperty(handle, 'name', { value: key });
  Object.defineProperty(prototype, key, { value: handle, writable: true, configurable: true });
  const descriptor = Object.getOwnPropertyDescriptor(prototype, key)!;

  // The parameter types tell @nestjs/swagger what the path, query, body and input headers hold.
  const types = [operation.params ?? Object, operation.query ?? Object, Object, Object, ...(operation.headers ? [operation.headers] : [])];
  Reflect.defineMetadata('design:paramtypes', types, prototype, key);
  Param()(prototype, key, 0);
  Query()(prototype, key, 1);
  Req()(prototype, key, 2);
  // Streams write their own answer; other routes only need the response to release the body's memory.
  Res({ passthrough: !operation.stream })(prototype, key, 3);
  // Read from the request itself (headerInput); declared so that the document lists them.
  if (operation.headers) Headers()(prototype, key, 4);

  const decorators: MethodDecorator[] = [
    RequestMapping({ path: routePath(operation.path!), method: RequestMethod[operation.http!.method] }),
    HttpCode(200),
    ApiOperation({
      operationId: operation.operationId,
      summary: operation.stability === 'experimental' ? `${operation.summary} (experimental)` : operation.summary,
      tags: [documentationTag(operation)],
    }),
    ApiExtension('x-stability', operation.stability),
    operation.response ? ApiOkResponse({ type: operation.response }) : ApiOkResponse({ schema: { type: 'object' } }),
    ...errorResponses(operation),
    http.documentation(operation),
  ];
  if (operation.body) decorators.push(ApiBody({ type: operation.body }));
  if (operation.idempotent) {
    decorators.push(
      ApiHeader({
        name: 'Idempotency-Key',
        required: false,
        description: 'A retry with the same key (within 24 hours) gets the first answer instead of creating again',
      }),
    );
  }
  if (operation.stream) decorators.push(ApiProduces('text/event-stream'));
  for (const decorate of decorators) decorate(prototype, key, descriptor);
  Object.defineProperty(prototype, key, descriptor);
}

/** The methods served at a path, for the `Allow` header of a 405 there. */
function allowedMethods(operations: AnyOperation[], path: string): string[] {
  return operations.filter((op) => op.path === path).map((op) => op.http!.method);
}

/** The headers the operation takes as input, as sent (the owning service validates them); absent ones are left out. */
function headerInput(req: FastifyRequest, operation: AnyOperation): Record<string, string> {
  const input: Record<string, string> = {};
  for (const name of headerInputs(operation)) {
    const value = singleHeader(req.headers[name]);
    if (value !== undefined) input[name] = value;
  }
  return input;
}

/** The caller's `Idempotency-Key`, as sent (the owning service validates it). */
function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const key = req.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

function withoutPrefixParams(params: Record<string, string>, prefixParams: string[]): Record<string, string> {
  if (prefixParams.length === 0) return params;
  return Object.fromEntries(Object.entries(params).filter(([name]) => !prefixParams.includes(name)));
}

/** Declared path parameters that the operation's params class must carry (checked by a unit test). */
export function ownPathParameters(operation: AnyOperation): string[] {
  return pathParameters(operation.path ?? '').filter((name) => !(HTTP_FAMILIES[operation.family]?.prefixParams ?? []).includes(name));
}

/** The standard error body (docs/contracts.md, "Errors"), `#/components/schemas/Error` in the document. */
export const ERROR_BODY: SchemaObject = {
  type: 'object',
  required: ['id', 'code', 'type', 'message'],
  properties: {
    id: { type: 'string', description: 'Identifier of this error occurrence, also in the platform log' },
    code: { type: 'number' },
    type: { type: 'string', enum: Object.keys(ErrorTypes) },
    message: { type: 'string' },
  },
};

/** The 4xx and 5xx answers every operation may give, each with the standard error body. */
function errorResponses(operation: AnyOperation): MethodDecorator[] {
  const answers: Array<[number, string]> = [
    [400, 'Invalid input (InvalidPayload), naming what is wrong'],
    [401, 'No credential, or not a valid one'],
    [403, 'The credential may not do this'],
    [404, 'No such resource, or not one the caller may see'],
    [429, 'Too many requests (Retry-After says when to try again)'],
    [503, 'A service or its database is not available right now'],
  ];
  if (operation.body) answers.push([413, 'The body is larger than the family allows'], [415, 'The body is not JSON']);
  if (operation.idempotent || operation.http!.method !== 'GET') answers.push([409, 'Conflicts with the current state (e.g. already exists)']);
  return answers.sort(([a], [b]) => a - b).map(([status, description]) => errorResponse(status, description));
}
