export * from './credentials';
export * from './secrets';
export * from './user-key';
export * from './guards';
export * from './secret-box';
