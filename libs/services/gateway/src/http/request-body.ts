import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { PlatformConfig } from '@platform/config';
import { ApiError, Errors } from '@platform/contracts';
import { RawJson } from '@platform/messaging';
import { BodyBudget } from './body-budget';
import { DEFAULT_MAX_BODY_BYTES, familyOf } from './families';
import { JsonShapeCheck } from './json-shape';
import { pathOf } from './request-context';

/** At most this many body bytes are held in the gateway at once, across all requests. */
const IN_FLIGHT_BODY_BYTES = 256 * 1024 * 1024;
/** The part of that one client address may hold: more than the largest family limit, so any allowed body fits. */
const CLIENT_SHARE = 0.5;

/**
 * Reads an operation's JSON body once the route and the credential headers are known: the
 * family's size limit on the bytes actually received (Content-Length or chunked), memory from a
 * shared budget in which each client has a share, a deadline for the whole body and for each
 * pause, and the body's shape checked as it arrives (`JsonShapeCheck`). The body is forwarded as
 * received, never parsed here.
 */
@Injectable()
export class RequestBodyReader {
  private readonly budget = new BodyBudget(IN_FLIGHT_BODY_BYTES, CLIENT_SHARE);

  constructor(private readonly config: PlatformConfig) {}

  /** The request's JSON body, or undefined when it has none. Its memory is released when the answer is sent. */
  async readJson(request: FastifyRequest, reply: FastifyReply): Promise<RawJson | undefined> {
    const req = request.raw;
    const limit = familyOf(pathOf(request))?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const declared = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined;
    if (!((declared !== undefined && declared > 0) || req.headers['transfer-encoding'] !== undefined)) return undefined;
    if (declared !== undefined && declared > limit) throw Errors.payloadTooLarge(limit);
    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (contentType !== 'application/json' && !contentType.endsWith('+json')) throw Errors.unsupportedMediaType(contentType || 'none');

    const client = req.socket.remoteAddress ?? 'unknown';
    const arrived = this.takeArrived(req, declared, client, reply);
    if (arrived !== undefined) return new RawJson(arrived);

    const gone = new AbortController();
    let held = 0;
    const release = () => {
      this.budget.release(client, held);
      held = 0;
    };
    let arriving = true;
    reply.raw.once('close', () => {
      // Only a reader still at work has anything to stop (an error made at every answer costs its stack trace).
      if (arriving) gone.abort(Errors.invalidPayload('The request was closed before its body arrived'));
      release();
    });

    const shape = new JsonShapeCheck();
    const chunks: Buffer[] = [];
    let received = 0;
    const reading = (async () => {
      try {
        // A refusal leaves the request open (a loop left by a throw would destroy it, and the
        // connection with it): its answer is sent, then the rest is dropped (`closeAfterAnswer`).
        for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > limit) throw Errors.payloadTooLarge(limit);
          await this.budget.reserve(client, chunk.length, gone.signal);
          held += chunk.length;
          shape.feed(chunk);
          chunks.push(chunk);
        }
        shape.end();
      } finally {
        arriving = false;
      }
    })();
    await withDeadlines(reading, req, this.config.bodyReadTimeoutMs, this.config.bodyIdleTimeoutMs);
    return new RawJson(Buffer.concat(chunks, received).toString('utf8'));
  }

  /**
   * The body, when all of it came with the headers (as a body of a few KB usually does) and the
   * budget has room for it at once: taken from the request's buffer under the same rules as a
   * body read as it arrives (memory held until the answer is sent, shape checked), without a
   * reader, deadlines or an abort signal, which cost more than the rest of a small request's
   * handling. Undefined, nothing taken, otherwise.
   */
  private takeArrived(req: IncomingMessage, declared: number | undefined, client: string, reply: FastifyReply): string | undefined {
    // With a Content-Length, the parser gives the request no more than that: all of it is here.
    if (declared === undefined || req.readableLength !== declared || !this.budget.tryReserve(client, declared)) return undefined;
    reply.raw.once('close', () => this.budget.release(client, declared));
    const body = req.read() as Buffer;
    const shape = new JsonShapeCheck();
    shape.feed(body);
    shape.end();
    return body.toString('utf8');
  }
}

/**
 * The whole body within `totalMs`, and no pause longer than `idleMs`: a stalled upload, or a
 * Content-Length larger than what is sent, ends with 408 instead of holding the connection.
 */
function withDeadlines(reading: Promise<void>, req: IncomingMessage, totalMs: number, idleMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timedOut = (what: string) => () => {
      req.off('data', touch);
      reject(Errors.requestTimeout(what));
    };
    const total = setTimeout(timedOut(`arrive within ${totalMs} ms`), totalMs);
    let idle = setTimeout(timedOut(`pause for more than ${idleMs} ms`), idleMs);
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(timedOut(`pause for more than ${idleMs} ms`), idleMs);
    };
    req.on('data', touch);
    const done = () => {
      clearTimeout(total);
      clearTimeout(idle);
      req.off('data', touch);
    };
    reading.then(
      () => {
        done();
        resolve();
      },
      (error: unknown) => {
        done();
        reject(ApiError.isApiError(error) ? error : Errors.invalidPayload('The request body could not be read'));
      },
    );
  });
}
