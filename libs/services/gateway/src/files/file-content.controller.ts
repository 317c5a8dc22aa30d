import { Controller, Get, Param, Put, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { PlatformConfig } from '@platform/config';
import { ApiError, Envelope, Errors, FileTransfer, InternalOperations as Internal } from '@platform/contracts';
import { BlobStore, BusClient } from '@platform/messaging';

/**
 * File contents, at the signed addresses the files service hands out (`uploadUrl`, `url`): the
 * bytes stream between the client and the blob store in chunks, never whole in memory. The files
 * service checks each address (signature, expiry, single use) before a byte moves.
 */
@ApiExcludeController()
@Controller('file-content')
export class FileContentController {
  constructor(
    private readonly bus: BusClient,
    private readonly store: BlobStore,
    private readonly config: PlatformConfig,
  ) {}

  @Put(':token')
  async upload(@Param('token') token: string, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const envelope = (body: object): Envelope => ({ requestId: req.requestId, caller: { signed: true }, body: { token, ...body } });
    const declared = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined;
    if (declared !== undefined && declared > this.config.filesMaxSizeBytes) throw Errors.payloadTooLarge(this.config.filesMaxSizeBytes);
    const transfer = (await this.bus.call(Internal.openFileUpload, envelope({}))) as FileTransfer;
    let stored = false;
    try {
      if (declared !== undefined && declared > transfer.size) throw tooLarge(transfer.size);
      if (declared !== undefined && declared < transfer.size) throw sizeDiffers(declared, transfer.size);
      const sent = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (sent && sent !== transfer.contentType.split(';')[0].trim().toLowerCase()) {
        throw new ApiError('UnsupportedMediaType', `The content is declared as ${transfer.contentType}, not ${sent}`);
      }
      const size = await this.store.put(transfer.blob, this.bounded(req.raw, transfer.size));
      stored = true;
      if (size !== transfer.size) throw sizeDiffers(size, transfer.size);
      await this.bus.call(Internal.completeFileUpload, envelope({ size }));
      res.code(200).send({});
    } catch (error) {
      const reason = ApiError.isApiError(error) ? error.message : 'The content could not be stored';
      await this.bus.call(Internal.failFileUpload, envelope({ reason: reason.slice(0, 500) })).catch(() => undefined);
      if (stored || !ApiError.isApiError(error) || error.code !== 403) await this.store.delete(transfer.blob).catch(() => undefined);
      // The client may still be sending: what it sends is not read.
      if (!req.raw.complete) res.raw.setHeader('connection', 'close');
      throw error;
    }
  }

  @Get(':token')
  async download(@Param('token') token: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const transfer = (await this.bus.call(Internal.openFileDownload, {
      requestId: req.requestId,
      caller: { signed: true },
      body: { token },
    })) as FileTransfer;
    const chunks = await this.store.get(transfer.blob);
    if (!chunks) throw Errors.notFound('File content', transfer.key ?? transfer.blob);
    // The content streams on the raw response.
    reply.hijack();
    const res = reply.raw;
    res.statusCode = 200;
    res.setHeader('content-type', transfer.contentType);
    res.setHeader('content-length', String(transfer.size));
    res.setHeader('cache-control', 'private, max-age=60');
    res.setHeader('cross-origin-resource-policy', 'cross-origin');
    if (transfer.key) res.setHeader('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(transfer.key.split('/').pop()!)}`);
    await new Promise<void>((resolve, reject) => {
      const stream = Readable.from(chunks);
      stream.on('error', (error) => {
        res.destroy(error);
        reject(error);
      });
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  }

  /**
   * The request body as it arrives, stopped past `limit` bytes (413), or when it pauses longer
   * than the idle timeout (408).
   */
  private async *bounded(req: IncomingMessage, limit: number): AsyncGenerator<Uint8Array> {
    let received = 0;
    const chunks = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    const idleMs = this.config.bodyIdleTimeoutMs;
    for (;;) {
      let idle: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        idle = setTimeout(() => reject(Errors.requestTimeout(`pause for more than ${idleMs} ms`)), idleMs);
      });
      let next: IteratorResult<Buffer>;
      try {
        next = await Promise.race([chunks.next(), stalled]);
      } catch (error) {
        throw ApiError.isApiError(error) ? error : Errors.invalidPayload('The content did not arrive whole');
      } finally {
        clearTimeout(idle);
      }
      if (next.done) return;
      received += next.value.length;
      if (received > limit) throw tooLarge(limit);
      yield next.value;
    }
  }
}

const tooLarge = (size: number) => new ApiError('PayloadTooLarge', `The content is larger than the ${size} bytes declared for the file`);
const sizeDiffers = (received: number, size: number) => Errors.invalidPayload(`The content is ${received} bytes, not the ${size} bytes declared for the file`);
