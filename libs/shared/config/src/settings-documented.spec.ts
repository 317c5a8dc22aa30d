import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_NAMES } from './platform-config';

const ROOT = join(__dirname, '..', '..', '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Settings only the one-process platform reads: the mesh in Compose has no embedded database. */
const ONE_PROCESS_ONLY = ['DATA_DIR', 'EMBEDDED_DATABASE_PORT'];

describe('every setting is documented where people look for it', () => {
  const names = Object.values(ENV_NAMES);

  it("in a settings table of the README or of the docs (the bots service's in docs/bot-hosting.md)", () => {
    const rows = [
      read('README.md'),
      ...readdirSync(join(ROOT, 'docs'))
        .filter((file) => file.endsWith('.md'))
        .map((file) => read(join('docs', file))),
    ]
      .join('\n')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.slice(3, line.indexOf('`', 3)));
    // A row such as `S3_*` documents every setting of that prefix.
    const documented = (name: string) => rows.some((row) => row === name || (row.endsWith('*') && name.startsWith(row.slice(0, -1))));
    expect(names.filter((name) => !documented(name))).toEqual([]);
  });

  it('in docker-compose.yml, with its default', () => {
    const compose = read('docker-compose.yml');
    expect(names.filter((name) => !ONE_PROCESS_ONLY.includes(name) && !new RegExp(`^\\s+${name}:`, 'm').test(compose))).toEqual([]);
  });
});
