import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { BotDeployment } from '@platform/contracts';

export interface DeploymentFiles {
  bundlePath: string;
  scratchDir: string;
}

/**
 * Where a replica keeps bots' bundles (one file per deployment, read-only to the bot) and each
 * bot's scratch folder (the one place its code may write; it outlives restarts and redeploys,
 * and goes with the bot).
 */
@Injectable()
export class DeploymentFilesStore {
  private readonly root: string;

  constructor(config: PlatformConfig) {
    this.root = config.botWorkDir ?? join(tmpdir(), `bp-bots-${config.natsPrefix}`);
  }

  async write(deployment: BotDeployment): Promise<DeploymentFiles> {
    const dir = this.botDir(deployment.botId);
    const scratchDir = join(dir, 'scratch');
    await mkdir(scratchDir, { recursive: true, mode: 0o700 });
    const digest = createHash('sha256').update(deployment.code).digest('hex').slice(0, 16);
    const bundlePath = join(dir, `bundle-${digest}.js`);
    await writeFile(bundlePath, deployment.code, { mode: 0o400 }).catch((error: NodeJS.ErrnoException) => {
      // The same bundle written before (a restart, a takeover by this replica): it is the same file.
      if (error.code !== 'EACCES' && error.code !== 'EEXIST') throw error;
    });
    return { bundlePath, scratchDir };
  }

  async remove(botId: string): Promise<void> {
    await rm(this.botDir(botId), { recursive: true, force: true });
  }

  private botDir(botId: string): string {
    // Bot ids are opaque: a hash keeps them from naming a path.
    return join(this.root, createHash('sha256').update(botId).digest('hex').slice(0, 32));
  }
}
