import { join } from 'node:path';
import { Provider } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { BlobStore, NatsBlobStore } from './blob-store';
import { BusConnection } from './bus-connection';
import { DiskBlobStore } from './disk-blob-store';
import { S3BlobStore } from './s3-blob-store';

/**
 * The blob store `FILES_STORE` names: the NATS JetStream object store (default), an S3-compatible
 * bucket, or files in `<DATA_DIR>/blobs` (the one-process platform's default, as it has no NATS).
 */
export const BLOB_STORE_PROVIDER: Provider = {
  provide: BlobStore,
  inject: [PlatformConfig, BusConnection],
  useFactory: (config: PlatformConfig, bus: BusConnection) => {
    if (config.filesStore === 's3') return new S3BlobStore(config);
    if (config.filesStore === 'disk') return new DiskBlobStore(join(config.dataDir, 'blobs'));
    return new NatsBlobStore(bus);
  },
};
