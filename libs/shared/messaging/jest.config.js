module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'messaging',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
