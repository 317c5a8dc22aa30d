// End-to-end tests: the real mesh (built from dist/) on the real Postgres and NATS, driven
// through the gateway with the official clients. One mesh per run, in its own database and
// under its own NATS subject prefix.
const { join } = require('node:path');
const preset = require('../jest.preset');

module.exports = {
  ...preset,
  // @botpress/webchat-client ships ES modules only: it is compiled to CommonJS for the tests.
  transform: {
    ...preset.transform,
    '/node_modules/@botpress/webchat-client/.+\\.js$': ['ts-jest', { tsconfig: join(__dirname, 'tsconfig.esm-packages.json') }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@botpress/webchat-client/)'],
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  // Against the one-process platform (E2E_MODE=embedded), what needs separate processes does not
  // apply: replicas, killed services, NATS and Postgres outages, extra gateways.
  testPathIgnorePatterns:
    process.env.E2E_MODE === 'embedded'
      ? [
          '/node_modules/',
          '/src/reliability/',
          '/src/bots/runner-takeover',
          '/src/http/envelope',
          '/src/admin/revocation',
          '/src/http/rate-limits',
          '/src/chat/idle-listeners',
        ]
      : ['/node_modules/'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  testTimeout: 60000,
};
