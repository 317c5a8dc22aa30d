module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'runtime-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
