// Resolves the `@platform/*` imports of the compiled code in dist/, from tsconfig.base.json.
const path = require('node:path');
const tsconfigPaths = require('tsconfig-paths');
const { compilerOptions } = require('../tsconfig.base.json');

tsconfigPaths.register({
  baseUrl: path.join(__dirname, '..', 'dist'),
  paths: compilerOptions.paths,
});
