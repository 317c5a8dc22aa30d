import { createServer, Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { Extension, PGlite } from '@electric-sql/pglite';
import type { EmbeddedPostgresOptions } from './embedded-postgres';

/*
 * Postgres compiled to WebAssembly (PGlite), served on a local socket to the platform's ordinary
 * `pg` pools. It runs in this worker thread so that queries do not take turns with HTTP on the
 * main thread.
 *
 * PGlite is one database session, so the connections take turns: a connection sends its messages
 * up to a Sync (or a simple Query) and they run as one unit, never interleaved with another
 * connection's (an unnamed prepared statement would be overwritten otherwise). A connection whose
 * unit leaves a transaction open keeps the session until the transaction ends, so transactions of
 * different connections never mix.
 */

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/**
 * A connection that keeps the session in an open transaction without sending anything for this
 * long is closed, its transaction rolled back, as Postgres's `idle_in_transaction_session_timeout`
 * does: whatever made it wait (work that waits for another connection, which would wait for this
 * session in turn) fails in moments instead of holding every other connection forever.
 */
const IDLE_IN_TRANSACTION_MS = 15000;

/** Message types that end a unit of work: Sync, Query, Flush (the reply is due), Terminate. */
const UNIT_ENDS = new Set(['S', 'Q', 'H', 'X']);

class Session {
  private buffer = Buffer.alloc(0);
  private unit: Buffer[] = [];
  private started = false;
  private work: Promise<void> = Promise.resolve();
  /** Set while this connection holds the database: releases it. */
  private release?: () => void;
  private closed = false;
  private idleInTransaction?: NodeJS.Timeout;

  constructor(
    private readonly db: PGlite,
    private readonly socket: Socket,
  ) {
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.closed = true;
      this.work = this.work.then(() => this.abandon());
    });
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.started) {
        // Untyped start-up packets: length, then a code.
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const packet = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        const code = packet.readInt32BE(4);
        if (code === SSL_REQUEST) {
          this.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          this.socket.end();
          return;
        }
        this.started = true;
        this.submit([packet]);
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) return;
      const message = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
      const type = String.fromCharCode(message[0]);
      if (type === 'X') {
        this.socket.end();
        return;
      }
      this.unit.push(message);
      if (UNIT_ENDS.has(type)) {
        const unit = this.unit;
        this.unit = [];
        this.submit(unit);
      }
    }
  }

  /** Runs units of this connection one after the other, each with the database to itself. */
  private submit(unit: Buffer[]): void {
    this.work = this.work.then(async () => {
      if (this.closed) return;
      clearTimeout(this.idleInTransaction);
      await this.hold();
      const reply = await this.db.execProtocolRaw(new Uint8Array(Buffer.concat(unit)));
      if (!this.closed && reply.length > 0) this.socket.write(reply);
      // The session goes back to the others once idle: the reply ends in ReadyForQuery 'I'.
      if (idleAfter(reply)) this.letGo();
      else this.idleInTransaction = setTimeout(() => this.socket.destroy(), IDLE_IN_TRANSACTION_MS);
    });
    this.work = this.work.catch(() => {
      this.letGo();
      this.socket.destroy();
    });
  }

  private async hold(): Promise<void> {
    if (this.release) return;
    await new Promise<void>((held) => {
      void this.db.runExclusive(
        () =>
          new Promise<void>((done) => {
            this.release = done;
            held();
          }),
      );
    });
  }

  private letGo(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  /** A connection that went away mid-transaction leaves nothing half done. */
  private async abandon(): Promise<void> {
    clearTimeout(this.idleInTransaction);
    if (!this.release) return;
    await this.db.execProtocolRaw(simpleQuery('ROLLBACK')).catch(() => undefined);
    this.letGo();
  }
}

function idleAfter(reply: Uint8Array): boolean {
  // ReadyForQuery: 'Z', length 5, then the status ('I' idle, 'T' in a transaction, 'E' failed one).
  const n = reply.length;
  return n >= 6 && reply[n - 6] === 0x5a && reply[n - 1] === 0x49;
}

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

async function main(): Promise<void> {
  const options = workerData as EmbeddedPostgresOptions;
  // Subpath exports are not visible to the compiler's module resolution; Node resolves them.
  const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    if (sockets.size >= options.maxConnections) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Session(db, socket);
  });
  await new Promise<void>((listening, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => listening());
  });
  parentPort!.postMessage({ port: (server.address() as { port: number }).port });
  parentPort!.on('message', async (message) => {
    if (message !== 'stop') return;
    server.close();
    for (const socket of sockets) socket.destroy();
    // Closing flushes the data directory, so the next start finds every committed write.
    await db.close();
    process.exit(0);
  });
}

main().catch((error: Error) => {
  parentPort!.postMessage({ error: error.message });
  process.exit(1);
});
