import { createServer } from 'node:http';
import { connect, JSONCodec } from 'nats';

/*
 * The raw hop's gateway: node:http, then one NATS request to the raw service per HTTP request
 * (`GET /items/<id>`), its answer written back as JSON.
 */
async function main(): Promise<void> {
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  const codec = JSONCodec();
  const subject = `${process.env.NATS_PREFIX}.raw.get`;
  const server = createServer((req, res) => {
    const id = (req.url ?? '').split('/').pop() ?? '';
    nc.request(subject, codec.encode({ id }), { timeout: 5000 }).then(
      (reply) => {
        const row = codec.decode(reply.data);
        res.writeHead(row ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(row));
      },
      () => res.writeHead(503).end(),
    );
  });
  server.keepAliveTimeout = 75000;
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
}

void main();
