module.exports = {
  ...require('../../jest.preset'),
  displayName: 'runtime',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
