export * from './platform-config';
export * from './config.module';
