module.exports = {
  ...require('../../jest.preset'),
  displayName: 'chat',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
