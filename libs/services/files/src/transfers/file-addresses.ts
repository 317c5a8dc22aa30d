import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { FilesRepository } from '../files/files.repository';
import { Grant, SignedUrls } from './signed-urls';

/** The signed addresses of this deployment, under the key kept in the files schema. */
@Injectable()
export class FileAddresses implements OnApplicationBootstrap {
  private urls?: SignedUrls;

  constructor(
    private readonly files: FilesRepository,
    private readonly config: PlatformConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.urls = new SignedUrls(await this.files.signingKey(), this.config.publicUrl);
  }

  get signed(): SignedUrls {
    if (!this.urls) throw new Error('The signing key is not loaded yet');
    return this.urls;
  }

  /** Seconds since the epoch at which an address made now expires. */
  expiry(): number {
    return Math.floor(Date.now() / 1000) + this.config.filesUrlTtlS;
  }

  url(grant: Grant): string {
    return this.signed.url(grant);
  }
}
