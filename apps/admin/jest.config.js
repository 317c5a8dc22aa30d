module.exports = {
  ...require('../../jest.preset'),
  displayName: 'admin',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
