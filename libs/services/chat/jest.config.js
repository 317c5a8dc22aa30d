module.exports = {
  ...require('../../../jest.preset'),
  displayName: 'chat-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
