module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'files-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
