export * from './database-schema';
export * from './keyset-page';
export * from './persistence.module';
export * from './unique-violation';
export * from './database-availability';
export * from './database-health';
export * from './idempotency-records';
export * from './request-transactions';
