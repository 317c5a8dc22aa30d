// Shared jest settings: TypeScript through ts-jest (transpile only: type-checking is the
// `typecheck` target's job) and the @platform/* paths.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias}$`] = path.join(__dirname, target);
}

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
};
