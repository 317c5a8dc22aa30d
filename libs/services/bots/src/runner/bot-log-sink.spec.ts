import { loadConfig } from '@platform/config';
import { BusClient } from '@platform/messaging';
import { BotLogSink } from './bot-log-sink';

describe('BotLogSink', () => {
  it('keeps at most BOT_LOG_LINES_PER_MINUTE lines per bot, and says how many it dropped', async () => {
    const calls: Array<{ botId: string; lines: Array<{ level: string; message: string }> }> = [];
    const bus = { call: async (_op: unknown, envelope: { body: (typeof calls)[number] }) => void calls.push(envelope.body) } as unknown as BusClient;
    const sink = new BotLogSink(bus, loadConfig({ BOT_LOG_LINES_PER_MINUTE: '3' }));
    for (let i = 0; i < 10; i++) sink.write('bot-a', 'info', `line ${i} ${'x'.repeat(5000)}`);
    sink.write('bot-b', 'warn', 'other bot');
    await sink.flush();
    await sink.onApplicationShutdown();
    const a = calls.filter((c) => c.botId === 'bot-a').flatMap((c) => c.lines);
    expect(a.map((l) => l.message.slice(0, 6))).toEqual(['line 0', 'line 1', 'line 2']);
    expect(a.every((l) => l.message.length <= 4000)).toBe(true);
    expect(calls.filter((c) => c.botId === 'bot-b').flatMap((c) => c.lines.map((l) => l.message))).toEqual(['other bot']);
  });

  it("keeps the platform's own reports about a bot whatever the bot wrote", async () => {
    const lines: Array<{ level: string; message: string }> = [];
    const bus = { call: async (_op: unknown, envelope: { body: { lines: typeof lines } }) => void lines.push(...envelope.body.lines) } as unknown as BusClient;
    const sink = new BotLogSink(bus, loadConfig({ BOT_LOG_LINES_PER_MINUTE: '2' }));
    for (let i = 0; i < 5; i++) sink.write('bot-a', 'error', `stack line ${i}`);
    sink.report('bot-a', 'error', "The bot's process ran out of memory");
    await sink.onApplicationShutdown();
    expect(lines.map((l) => l.message)).toEqual(['stack line 0', 'stack line 1', "The bot's process ran out of memory"]);
  });
});
