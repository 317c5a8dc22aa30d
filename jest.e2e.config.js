// End-to-end tests: the real mesh (built from dist/) on the real Postgres and NATS, driven
// through the gateway with the official clients. One mesh per run, in its own database and
// under its own NATS subject prefix.
module.exports = {
  ...require('./jest.preset'),
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/apps/**/*.e2e-spec.ts', '<rootDir>/examples/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/libs/testing/src/e2e-global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/e2e-global-teardown.ts',
  testTimeout: 60000,
};
