import { INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ALL_OPERATIONS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ERROR_BODY, operationControllers } from '../routes/operation-routes';
import { RateLimits } from '../http/rate-limits';
import { RequestBodyReader } from '../http/request-body';
import { StreamRelay } from '../streams/stream-relay';

/** Version of the runtime API this platform is wire-compatible with (docs/contracts.md, "Versioning"). */
export const API_VERSION = '1.82.0';

/**
 * The OpenAPI document, generated from the gateway's controllers and the shared DTOs. It does
 * not depend on settings, so the checked-in copy can be compared byte for byte.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Bot platform API')
    .setDescription(
      'Runtime (`/v1/chat`), admin (`/v1/admin`), tables (`/v1/tables`), chat (`/chat/{webhookId}`) and web chat (`/webchat/{clientId}`) APIs, ' +
        'wire-compatible with the Botpress Cloud APIs. Operations are grouped by family and resource; each says in ' +
        '`x-stability` whether it is `documented` (stable, as in the cloud), `experimental` (may still change) or `unavailable` ' +
        '(an operation of the cloud the platform does not provide: it answers 405 `MethodNotFound`, saying why).',
    )
    .setVersion(API_VERSION)
    // Tokens are opaque (personal access tokens, bot API keys), not JWTs.
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: undefined, description: 'A personal access token or a bot API key' })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controller, method) => method,
  });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Error: ERROR_BODY } };
  return sortKeys(document) as OpenAPIObject;
}

export function setupDocs(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    // A filter box over the tags, groups folded and in order, so 100+ operations stay findable.
    swaggerOptions: { filter: true, docExpansion: 'none', tagsSorter: 'alpha', operationsSorter: 'alpha', persistAuthorization: true },
  });
}

/** Deterministic key order, so the document's text only changes when its content does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Only the generated routes, with nothing behind them: enough for the document. */
@Module({
  controllers: operationControllers(ALL_OPERATIONS),
  providers: [
    { provide: BusClient, useValue: {} },
    { provide: StreamRelay, useValue: {} },
    { provide: RequestBodyReader, useValue: {} },
    { provide: RateLimits, useValue: {} },
  ],
})
class DocumentedRoutesModule {}

/**
 * The document without a running gateway, NATS or Postgres: the checked-in copy is compared
 * with it in a unit test and rewritten from it by `npm run openapi`.
 */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(DocumentedRoutesModule, new FastifyAdapter({ skipMiddie: true }), { logger: false, abortOnError: false });
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
