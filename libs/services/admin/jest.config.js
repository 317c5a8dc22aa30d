module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'admin-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
