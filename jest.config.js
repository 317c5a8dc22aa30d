// Every project's tests in one run (`npm test`): the unit tests of each app and lib, and the
// end-to-end suite against the real mesh.
const { readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const roots = ['apps', 'libs/shared', 'libs/services', 'libs', 'examples', 'tools'].flatMap((dir) =>
  readdirSync(join(__dirname, dir)).map((name) => join(dir, name)),
);

module.exports = {
  projects: [...roots, 'e2e'].map((root) => join(__dirname, root, 'jest.config.js')).filter((config) => existsSync(config)),
  // A global option: in a multi-project run it is read here, not from the projects.
  testTimeout: 60000,
};
