import { ValidationError, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { parse } from 'qs';
import { PlatformConfig } from '@platform/config';
import { Errors } from '@platform/contracts';
import { JsonLogger } from '@platform/logging';
import { BusTransport, NATS_TRANSPORT } from '@platform/messaging';
import { setupDocs } from './docs/openapi';
import { GatewayModule } from './gateway.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { BodyReaderMiddleware } from './http/body-reader.middleware';
import { NulCharacterMiddleware } from './http/nul-character.middleware';
import { RequestContextMiddleware } from './http/request-context.middleware';

/** The gateway application, configured but not listening (tests and `main` share it). */
export async function createGateway(
  config: PlatformConfig,
  logger = new JsonLogger('gateway'),
  transport: BusTransport = NATS_TRANSPORT,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config, logger, transport), {
    bodyParser: false,
    logger,
    abortOnError: false,
  });
  // The official clients serialise nested query objects with dots: `tags.env=prod`.
  app.set('query parser', (query: string) => parse(query, { allowDots: true, depth: 5, parameterLimit: 200, arrayLimit: 100 }));
  app.disable('x-powered-by');
  const context = new RequestContextMiddleware(logger);
  const bodyReader = new BodyReaderMiddleware();
  const nulCharacter = new NulCharacterMiddleware();
  app.use(context.use.bind(context));
  app.use(bodyReader.use.bind(bodyReader));
  app.use(nulCharacter.use.bind(nulCharacter));
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      exceptionFactory: (errors) => Errors.invalidPayload(describe(errors)),
    }),
  );
  setupDocs(app);
  return app;
}

function describe(errors: ValidationError[], parent = ''): string {
  return errors
    .flatMap((error) => {
      const path = parent ? `${parent}.${error.property}` : error.property;
      const own = Object.values(error.constraints ?? {}).map((m) => m.replace(error.property, path));
      return [...own, ...(error.children?.length ? [describe(error.children, path)] : [])];
    })
    .filter(Boolean)
    .join('; ');
}
