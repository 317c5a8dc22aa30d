module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'persistence',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
