export * from './one-process';
export * from './run-one-process';
