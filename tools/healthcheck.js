#!/usr/bin/env node
// The container healthcheck of the image: the gateway is healthy when it answers HTTP, a service
// when it answers its health subject on NATS (itself and its database). Exit 0 healthy, 1 not.
const app = process.env.APP || 'gateway';
const fail = (why) => {
  process.stderr.write(`${app} is not healthy: ${why}\n`);
  process.exit(1);
};
setTimeout(() => fail('no answer within 4 s'), 4000).unref();

if (app === 'gateway' || app === 'platform') {
  fetch(`http://127.0.0.1:${process.env.PORT || 3000}/health`).then(
    () => process.exit(0),
    (error) => fail(error.message),
  );
} else {
  const { connect, JSONCodec } = require('nats');
  const codec = JSONCodec();
  connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222', user: process.env.NATS_USER, pass: process.env.NATS_PASSWORD })
    .then(async (nc) => {
      const reply = codec.decode((await nc.request(`${process.env.NATS_PREFIX || 'bp'}.${app}.health`, codec.encode({ v: {} }), { timeout: 3000 })).data);
      await nc.close();
      // Payloads travel as { v: value } (docs/architecture.md); the answer is { v: { result } }.
      if (reply?.v?.result?.status === 'ok') process.exit(0);
      fail(JSON.stringify(reply));
    })
    .catch((error) => fail(error.message));
}
