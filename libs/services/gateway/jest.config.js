module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'gateway-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
