import cors, { CorsOptions } from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PlatformConfig } from '@platform/config';
import { familyOf } from './families';

/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_S = 600;

function policy(origins: string[]): RequestHandler | undefined {
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
  return cors(options);
}

/**
 * CORS at the gateway (docs/contracts.md, "Browsers"), by family: the end-user APIs (chat, web
 * chat) allow `CORS_ORIGINS` (every origin by default), the developer APIs (runtime, admin)
 * `API_CORS_ORIGINS` (none by default). Preflights are answered here, before any route.
 */
export function corsByFamily(config: PlatformConfig): RequestHandler {
  const policies = { 'end-user': policy(config.corsOrigins), developer: policy(config.apiCorsOrigins) };
  return (req: Request, res: Response, next: NextFunction) => {
    const group = familyOf(req.path)?.cors;
    const handler = group ? policies[group] : undefined;
    if (!handler) return next();
    handler(req, res, next);
  };
}
