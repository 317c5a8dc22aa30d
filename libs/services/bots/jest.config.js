module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'bots-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
