export * from './gateway.factory';
export * from './gateway.module';
export * from './run-gateway';
export * from './docs/openapi';
