export * from './tables.module';
