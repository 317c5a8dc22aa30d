import { Provider } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { BlobStore, NatsBlobStore } from './blob-store';
import { BusConnection } from './bus-connection';
import { S3BlobStore } from './s3-blob-store';

/** The blob store `FILES_STORE` names: the NATS JetStream object store (default) or an S3-compatible bucket. */
export const BLOB_STORE_PROVIDER: Provider = {
  provide: BlobStore,
  inject: [PlatformConfig, BusConnection],
  useFactory: (config: PlatformConfig, bus: BusConnection) => (config.filesStore === 's3' ? new S3BlobStore(config) : new NatsBlobStore(bus)),
};
