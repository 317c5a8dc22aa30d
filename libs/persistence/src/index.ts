export * from './database-schema';
export * from './keyset-page';
export * from './persistence.module';
export * from './unique-violation';
