import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describeOnMesh } from '@platform/testing';

const ROOT = join(__dirname, '..', '..', '..');
const LINES = 4000;
/** About 1 KB per line: the whole run is far more than a pipe holds (64 KB on Linux). */
const PADDING = 'x'.repeat(1000);

/**
 * A process logging `lines` lines through the platform's logger, to a standard output that is a
 * pipe, then saying on standard error that it is done, and exiting `exitAfterMs` later (saying on
 * standard error when it starts to). With `cap`, its logger holds at most that many bytes of
 * waiting lines.
 */
function logger({ cap, lines = LINES, exitAfterMs = 1500 }: { cap?: number; lines?: number; exitAfterMs?: number } = {}): ChildProcess {
  const script = `
    process.on('exit', () => process.stderr.write('exiting\\n'));
    const { JsonLogger, stdoutDestination } = require('@platform/logging');
    const logger = new JsonLogger('probe', 'info', ${cap === undefined ? 'undefined' : `stdoutDestination('probe', ${cap})`});
    for (let i = 0; i < ${lines}; i++) logger.event('info', 'line', { i, padding: '${PADDING}' });
    process.stderr.write('logged\\n');
    setTimeout(() => process.exit(0), ${exitAfterMs});
  `;
  return spawn(process.execPath, ['-r', join(ROOT, 'tools', 'register-paths.js'), '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Resolves once the process says `what` on standard error (without anything reading its standard output). */
function says(child: ChildProcess, what: 'logged' | 'exiting'): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes(what) && resolve());
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it logged everything`)));
  });
}

/** Everything on the process's standard output, read from now until it closes, as parsed lines. */
async function readAll(child: ChildProcess): Promise<Array<Record<string, unknown>>> {
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stdout!.resume();
  // The pipe's close, not the process's exit: lines may still be in the pipe after the exit. A pipe
  // already closed was drained unread when the process exited (Node does that): its lines are lost.
  if (!child.stdout!.destroyed) await new Promise((resolve) => child.stdout!.once('close', resolve));
  return Buffer.concat(chunks)
    .toString()
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Log lines go to standard output in batches written on the event loop: a reader that does not
 * keep up (a full pipe) must never hold the process, nor make it hold unbounded lines.
 */
describeOnMesh('log lines on a standard output nobody reads for a while', () => {
  it('never hold the process: they wait, and all arrive in order once the pipe is read', async () => {
    const child = logger();
    child.stdout!.pause();
    // Nothing reads the pipe until the process has logged all 4 MB: a blocking write would hang here.
    await says(child, 'logged');
    const lines = await readAll(child);
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: LINES }, (_, i) => i));
    expect(lines.every((line) => line.service === 'probe' && line.msg === 'line')).toBe(true);
  }, 30000);

  it('are dropped beyond the bound, and a later line says how many', async () => {
    const child = logger({ cap: 256 * 1024 });
    child.stdout!.pause();
    await says(child, 'logged');
    const lines = await readAll(child);
    const kept = lines.filter((line) => line.msg === 'line');
    const report = lines.find((line) => line.level === 'warn');
    const dropped = Number(/^(\d+) log lines dropped/.exec(String(report?.msg))?.[1]);
    // Well under the 4,000 written: about the pipe's 64 KB and the 256 KB bound.
    expect(kept.length).toBeLessThan(LINES / 4);
    expect(kept.length + dropped).toBe(LINES);
    // The ones kept are the first, in order.
    expect(kept.map((line) => line.i)).toEqual(Array.from({ length: kept.length }, (_, i) => i));
  }, 30000);

  it('still waiting when the process exits are written whole once the pipe is read', async () => {
    // 500 KB waiting at exit, far more than the pipe holds: the exit must wait for the reader.
    const child = logger({ lines: 500, exitAfterMs: 0 });
    child.stdout!.pause();
    await says(child, 'exiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = await readAll(child);
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 500 }, (_, i) => i));
  }, 30000);
});
