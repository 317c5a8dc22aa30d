// Rules about the workspace itself (module boundaries), checked by running the tools on probes.
module.exports = {
  ...require('../../jest.preset'),
  displayName: 'workspace',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
