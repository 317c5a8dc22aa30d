import cors, { CorsOptions } from 'cors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformConfig } from '@platform/config';
import { familyOf } from './families';
import { pathOf } from './request-context';

/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_S = 600;

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: Error) => void) => void;

function policy(origins: string[]): NodeMiddleware | undefined {
  if (origins.length === 0) return undefined;
  const options: CorsOptions = {
    // `*` answers `*`; a list answers the caller's origin when it is listed, nothing otherwise.
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The request's own headers are allowed (the clients send `x-user-key`, `timeout`, the
    // widget's configurable `clientHeaders`…): these APIs take a header credential, never cookies.
    allowedHeaders: undefined,
    exposedHeaders: ['x-request-id'],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_S,
    optionsSuccessStatus: 204,
  };
  return cors(options) as NodeMiddleware;
}

/**
 * CORS at the gateway (docs/contracts.md, "Browsers"), by family: the end-user APIs (chat, web
 * chat) allow `CORS_ORIGINS` (every origin by default), the developer APIs (runtime, admin)
 * `API_CORS_ORIGINS` (none by default). Preflights are answered here, before any route.
 */
export function corsByFamily(config: PlatformConfig): (req: FastifyRequest, reply: FastifyReply, next: (error?: Error) => void) => void {
  const policies = { 'end-user': policy(config.corsOrigins), developer: policy(config.apiCorsOrigins) };
  return (req, reply, next) => {
    const group = familyOf(pathOf(req))?.cors;
    const handler = group ? policies[group] : undefined;
    if (!handler) return next();
    // A preflight is answered by the policy itself, on the raw response.
    if (req.method === 'OPTIONS') reply.hijack();
    handler(req.raw, reply.raw, next);
  };
}
