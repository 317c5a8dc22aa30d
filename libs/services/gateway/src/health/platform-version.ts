import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The platform's version: the repository's package.json, found upwards from this file (source or dist/). */
export function platformVersion(from = __dirname): string {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'bot-platform' && pkg.version) return pkg.version;
  }
  return 'unknown';
}
