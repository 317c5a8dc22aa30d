export * from './files.module';
