module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'config',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
