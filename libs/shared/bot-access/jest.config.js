module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'bot-access',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
