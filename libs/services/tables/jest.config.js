module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'tables-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
