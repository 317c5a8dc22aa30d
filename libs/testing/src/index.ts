export * from './e2e';
export * from './mesh';
export * from './test-database';
export * from './live-signals';
export * from './bad-input';
export * from './pages';
