export * from './chat.module';
