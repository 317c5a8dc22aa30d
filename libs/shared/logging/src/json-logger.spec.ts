import { Writable } from 'node:stream';
import { JsonLogger } from './json-logger';
import { RequestContext } from './request-context';

function capture(level: ConstructorParameters<typeof JsonLogger>[1]) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: new JsonLogger('svc', level, destination), lines };
}

describe('JsonLogger', () => {
  it('writes one JSON object per line with time, level, service and message', () => {
    const { logger, lines } = capture('info');
    logger.event('info', 'hello', { port: 3000 });
    expect(lines).toEqual([{ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', service: 'svc', msg: 'hello', port: 3000 }]);
  });

  it('names the request being served on every line', () => {
    const { logger, lines } = capture('info');
    RequestContext.run('req-42', () => logger.log('inside'));
    logger.log('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', requestId: 'req-42' });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('keeps what is below its level out, and the fatal start-up error in, at every level', () => {
    const { logger, lines } = capture('error');
    logger.log('routine');
    logger.warn('careful');
    logger.fatal('cannot start');
    expect(lines.map((l) => l.msg)).toEqual(['cannot start']);
  });

  it("puts Nest's route-mapping noise at debug", () => {
    const { logger, lines } = capture('info');
    logger.log('Mapped {/v1/chat/messages, POST} route', 'RouterExplorer');
    logger.log('Something worth knowing', 'Bootstrap');
    expect(lines.map((l) => l.msg)).toEqual(['Something worth knowing']);
  });
});
