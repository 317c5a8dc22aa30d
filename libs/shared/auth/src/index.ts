export * from './credentials';
export * from './secrets';
export * from './user-key';
export * from './callers';
export * from './secret-box';
