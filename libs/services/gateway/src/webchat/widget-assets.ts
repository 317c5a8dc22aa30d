import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ApiError } from '@platform/contracts';

/** The widget bundle `npm run build` makes from the npm packages (apps/webchat-widget). */
const BUNDLE_FOLDER = join('dist', 'apps', 'webchat-widget');

export interface WidgetAsset {
  body: Buffer;
  contentType: string;
}

const CONTENT_TYPES: Record<string, string> = { 'embed.js': 'text/javascript; charset=utf-8', 'embed.css': 'text/css; charset=utf-8' };

function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The built widget's files, read once and kept in memory (under a megabyte). */
@Injectable()
export class WidgetAssets {
  private readonly cache = new Map<string, WidgetAsset>();
  private readonly folder = join(repositoryRoot(), BUNDLE_FOLDER);

  get(name: string): WidgetAsset {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const contentType = CONTENT_TYPES[name];
    const path = join(this.folder, name);
    if (!contentType || !existsSync(path)) {
      throw new ApiError('Internal', 'The web chat widget is not built on this server: run `npm run build`', 503);
    }
    const asset = { body: readFileSync(path), contentType };
    this.cache.set(name, asset);
    return asset;
  }
}
