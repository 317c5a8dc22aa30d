module.exports = {
  projects: ['<rootDir>/apps/*/jest.config.js', '<rootDir>/libs/*/jest.config.js', '<rootDir>/jest.e2e.config.js'],
  // A global option: in a multi-project run it is read here, not from the projects.
  testTimeout: 60000,
  // Some projects (the testing lib) hold helpers only.
  passWithNoTests: true,
};
