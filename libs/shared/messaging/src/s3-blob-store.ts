import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PlatformConfig } from '@platform/config';
import { BlobStore } from './blob-store';

/** Part size of multipart uploads: S3's smallest, so an upload holds at most this much at once. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * File contents in an S3-compatible bucket (AWS S3, MinIO, …), for deployments that already run
 * one: streamed in parts of 5 MB, one part in flight per upload.
 */
export class S3BlobStore extends BlobStore {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private bucketReady?: Promise<void>;

  constructor(config: PlatformConfig) {
    super();
    this.bucket = config.s3Bucket!;
    this.s3 = new S3Client({
      region: config.s3Region,
      ...(config.s3Endpoint ? { endpoint: config.s3Endpoint } : {}),
      forcePathStyle: config.s3ForcePathStyle,
      ...(config.s3AccessKeyId ? { credentials: { accessKeyId: config.s3AccessKeyId, secretAccessKey: config.s3SecretAccessKey ?? '' } } : {}),
    });
  }

  async put(name: string, chunks: AsyncIterable<Uint8Array>): Promise<number> {
    await this.ensureBucket();
    let size = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          yield chunk;
        }
      })(),
    );
    await new Upload({ client: this.s3, params: { Bucket: this.bucket, Key: name, Body: counted }, partSize: PART_BYTES, queueSize: 1 }).done();
    return size;
  }

  async get(name: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return object.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  override async copy(from: string, to: string): Promise<number> {
    await this.s3.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${encodeURIComponent(from)}` }));
    const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: to }));
    return head.ContentLength ?? 0;
  }

  /** Creates the bucket on first use if it is not there (a new MinIO, say). */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= this.s3
      .send(new HeadBucketCommand({ Bucket: this.bucket }))
      .then(
        () => undefined,
        async (error: { $metadata?: { httpStatusCode?: number } }) => {
          if (error.$metadata?.httpStatusCode !== 404) throw error;
          await this.s3.send(new CreateBucketCommand({ Bucket: this.bucket }));
        },
      )
      .catch((error: unknown) => {
        this.bucketReady = undefined;
        throw error;
      });
    return this.bucketReady;
  }
}
