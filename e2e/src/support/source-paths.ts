import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsconfig-paths';

// Jest's global setup and teardown run outside jest's module resolution: they resolve the
// `@platform/*` imports through the same paths as everything else.
const root = join(__dirname, '..', '..', '..');
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
register({ baseUrl: root, paths: compilerOptions.paths });
