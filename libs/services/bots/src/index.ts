export * from './bots.module';
