import { PlatformConfig } from '@platform/config';
import { BusClient } from '@platform/messaging';
import { BotLogsService } from '../bot-logs/bot-logs.service';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { newEvent } from '../events/new-event';
import { ConversationSignals } from '../signals/conversation-signals';
import { UsersRepository } from '../users/users.repository';
import { BotCodeEndpoint } from './bot-code-endpoint';
import { BotDirectory } from './bot-directory';
import { BotEndpoint } from './bot-endpoint';
import { EventDelivery } from './event-delivery';
import { Lane, MailboxesRepository } from './mailboxes.repository';

const BOT = 'bot_handoff';

function incoming(conversationId: string): EventEntity {
  return newEvent({ botId: BOT, type: 'message_created', direction: 'incoming', conversationId, payload: {} });
}

/** Lets every settled promise's callbacks run (the fakes below answer at once). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A dispatcher over fake queue, events and bot: every event it delivers is taken, every lane it
 * closes is emptied. `claims` answers the dispatcher's claims in turn (none left: nothing due).
 */
function deliveryWith(limits: { concurrency: number; perBot: number }, claims: Array<() => Promise<Lane[]>> = []) {
  const delivered: string[] = [];
  const mailboxes = {
    claim: jest.fn(() => (claims.shift() ?? (async () => []))()),
    close: jest.fn(async () => true),
    release: jest.fn(async () => undefined),
    renew: jest.fn(async (): Promise<Lane[]> => []),
    releaseAll: async () => undefined,
    closeStatement: () => ({ text: '', values: [] }),
  };
  const events = {
    nextPending: jest.fn(async () => null),
    markProcessed: jest.fn(async () => ({ next: null, closed: true })),
    markProcessedAll: jest.fn(async (delivered: unknown[]) => delivered.map(() => ({ next: null, closed: true }))),
  };
  const endpoint = {
    deliver: jest.fn(async ({ body }: { body: string }) => {
      delivered.push((JSON.parse(body) as { event: { id: string } }).event.id);
      return { ok: true as const };
    }),
  };
  const config = {
    deliveryConcurrency: limits.concurrency,
    deliveryConcurrencyPerBot: limits.perBot,
    deliveryLeaseMs: 5000,
    deliveryTimeoutMs: 1000,
    eventRetryBaseMs: 1000,
    eventMaxAttempts: 3,
  } as PlatformConfig;
  const delivery = new EventDelivery(
    mailboxes as unknown as MailboxesRepository,
    events as unknown as EventsRepository,
    { insertIfAbsent: async () => undefined } as unknown as UsersRepository,
    { target: async () => ({ url: 'http://bot.test/', configuration: {}, signingSecrets: [] }) } as unknown as BotDirectory,
    endpoint as unknown as BotEndpoint,
    {} as BotCodeEndpoint,
    { statement: () => ({ text: '', values: [] }), write: async () => undefined } as unknown as BotLogsService,
    { subscribe: async () => ({ unsubscribe: () => undefined }), publish: async () => undefined } as unknown as BusClient,
    config,
    { emit: () => undefined } as unknown as ConversationSignals,
  );
  return { delivery, mailboxes, events, endpoint, delivered };
}

describe('EventDelivery handoff', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('delivers the lane a write opened from the event in hand, with no claim and no read of the lane', async () => {
    const { delivery, mailboxes, events, delivered } = deliveryWith({ concurrency: 4, perBot: 2 });
    const event = incoming('conv_1');
    const handoff = delivery.handoff(event)!;
    expect(handoff.lease).toEqual({ owner: expect.stringMatching(/^runtime-/), ms: 5000 });
    handoff.done(true);
    await settle();
    expect(delivered).toEqual([event.id]);
    expect(events.nextPending).not.toHaveBeenCalled();
    expect(mailboxes.claim).not.toHaveBeenCalled();
    // Settled with the lane: the same write reads its next event and closes it when empty.
    expect(events.markProcessed).toHaveBeenCalledWith(
      expect.objectContaining({ id: event.id }),
      expect.any(Array),
      expect.objectContaining({ lane: 'conv_1' }),
    );
  });

  it("holds the bot's share for writes under way, and hands off only within half of it", async () => {
    const { delivery, delivered } = deliveryWith({ concurrency: 8, perBot: 4 });
    const first = delivery.handoff(incoming('conv_1'))!;
    expect(delivery.handoff(incoming('conv_2'))).toBeDefined();
    expect(delivery.handoff(incoming('conv_3'))).toBeUndefined();
    first.done(false);
    // Only the first answer counts: a second would give back room twice.
    first.done(false);
    expect(delivery.handoff(incoming('conv_3'))).toBeDefined();
    expect(delivery.handoff(incoming('conv_4'))).toBeUndefined();
    await settle();
    expect(delivered).toEqual([]);
  });

  it("holds the replica's room too, all bots together, within half of it", async () => {
    const { delivery } = deliveryWith({ concurrency: 2, perBot: 2 });
    expect(delivery.handoff(incoming('conv_1'))).toBeDefined();
    expect(delivery.handoff({ ...incoming('conv_2'), botId: 'bot_other' })).toBeUndefined();
  });

  it('gives back, due at once, a claimed lane whose room a handoff took while the claim was under way, and claims it again once the room is free', async () => {
    const lane = { botId: BOT, lane: 'conv_claimed' };
    let answerClaim!: (lanes: Lane[]) => void;
    const { delivery, mailboxes, events } = deliveryWith({ concurrency: 1, perBot: 1 }, [
      () => new Promise<Lane[]>((resolve) => (answerClaim = resolve)),
      async () => [lane],
    ]);
    await delivery.onApplicationBootstrap();
    stop = () => delivery.beforeApplicationShutdown();
    await settle();
    expect(mailboxes.claim).toHaveBeenCalledTimes(1);
    const handoff = delivery.handoff(incoming('conv_written'))!;
    answerClaim([lane]);
    await settle();
    expect(mailboxes.release).toHaveBeenCalledWith(expect.any(String), lane, 0);
    expect(events.nextPending).not.toHaveBeenCalled();
    // The write opened nothing: the room is free, and the dispatcher looks again at once.
    handoff.done(false);
    await settle();
    await settle();
    expect(mailboxes.claim.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(events.nextPending).toHaveBeenCalledWith(BOT, 'conv_claimed');
  });

  it('does not look for due lanes again when a delivered lane closes and the last claim left none for want of room', async () => {
    const { delivery, mailboxes, delivered } = deliveryWith({ concurrency: 4, perBot: 2 });
    await delivery.onApplicationBootstrap();
    stop = () => delivery.beforeApplicationShutdown();
    await settle();
    expect(mailboxes.claim).toHaveBeenCalledTimes(1);
    const event = incoming('conv_1');
    delivery.handoff(event)!.done(true);
    await settle();
    await settle();
    expect(delivered).toEqual([event.id]);
    expect(mailboxes.claim).toHaveBeenCalledTimes(1);
  });

  it('looks again when a lane it delivered is given back due at once (an event came as it was being closed)', async () => {
    const { delivery, mailboxes, events } = deliveryWith({ concurrency: 4, perBot: 2 });
    // Settled, the lane was not closed with the write (a writer had it locked) and showed nothing next; closing it again finds the writer's event.
    events.markProcessed.mockResolvedValueOnce({ next: null, closed: false });
    mailboxes.close.mockResolvedValueOnce(false);
    await delivery.onApplicationBootstrap();
    stop = () => delivery.beforeApplicationShutdown();
    await settle();
    delivery.handoff(incoming('conv_1'))!.done(true);
    await settle();
    await settle();
    expect(mailboxes.claim).toHaveBeenCalledTimes(2);
  });

  it('hands off no lane of a bot whose lanes may be waiting for room, until the dispatcher has given them the room', async () => {
    const waiting = { botId: BOT, lane: 'conv_waiting' };
    let answerThirdClaim!: (lanes: Lane[]) => void;
    const { delivery, mailboxes, events, endpoint, delivered } = deliveryWith({ concurrency: 4, perBot: 1 }, [
      async () => [],
      async () => [],
      () => new Promise<Lane[]>((resolve) => (answerThirdClaim = resolve)),
    ]);
    let answerBot!: () => void;
    endpoint.deliver.mockImplementationOnce(async ({ body }: { body: string }) => {
      await new Promise<void>((resolve) => (answerBot = resolve));
      delivered.push((JSON.parse(body) as { event: { id: string } }).event.id);
      return { ok: true as const };
    });
    await delivery.onApplicationBootstrap();
    stop = () => delivery.beforeApplicationShutdown();
    await settle();
    // The bot's one slot goes to a handed-off lane whose bot is slow to answer.
    delivery.handoff(incoming('conv_1'))!.done(true);
    await settle();
    // Another conversation's write finds no room: its lane is queued, and the dispatcher is woken (finding the bot at its share).
    expect(delivery.handoff(incoming('conv_waiting'))).toBeUndefined();
    delivery.wakeUp();
    await settle();
    expect(mailboxes.claim).toHaveBeenCalledTimes(2);
    // The bot answers: its slot is free, and the dispatcher looks for the waiting lane.
    answerBot();
    await settle();
    await settle();
    expect(mailboxes.claim).toHaveBeenCalledTimes(3);
    // Meanwhile a third conversation's write does not take the room ahead of the waiting lane.
    expect(delivery.handoff(incoming('conv_3'))).toBeUndefined();
    answerThirdClaim([waiting]);
    await settle();
    await settle();
    // It has the room: delivered, not given back.
    expect(events.nextPending).toHaveBeenCalledWith(BOT, 'conv_waiting');
    expect(mailboxes.release).not.toHaveBeenCalledWith(expect.any(String), waiting, 0);
  });

  it('refuses a handoff once stopping', async () => {
    const { delivery } = deliveryWith({ concurrency: 4, perBot: 2 });
    await delivery.onApplicationBootstrap();
    await delivery.beforeApplicationShutdown();
    expect(delivery.handoff(incoming('conv_1'))).toBeUndefined();
  });
});

describe('EventDelivery lease renewal', () => {
  it('warns of a lost lease only when the lane is still being delivered at the next renewal, not when its delivery ended meanwhile', async () => {
    const { delivery, mailboxes, endpoint } = deliveryWith({ concurrency: 4, perBot: 4 });
    const warnings = jest.spyOn((delivery as unknown as { logger: { warn: (message: string) => void } }).logger, 'warn').mockImplementation(() => undefined);
    const renew = () => (delivery as unknown as { renewLeases: () => Promise<void> }).renewLeases();
    // Two lanes whose bot holds their deliveries until told.
    const answers: Array<() => void> = [];
    endpoint.deliver.mockImplementation(() => new Promise((resolve) => answers.push(() => resolve({ ok: true as const }))));
    for (const conversation of ['conv_ending', 'conv_lost']) delivery.handoff(incoming(conversation))!.done(true);
    await settle();
    expect(answers).toHaveLength(2);
    const lanes = [
      { botId: BOT, lane: 'conv_ending' },
      { botId: BOT, lane: 'conv_lost' },
    ];
    // Neither renewed: at one round, either may be ending.
    mailboxes.renew.mockResolvedValueOnce(lanes);
    await renew();
    expect(warnings).not.toHaveBeenCalled();
    // The first ends; the second is still under way at the next round, unrenewed again.
    answers[0]();
    await settle();
    await settle();
    mailboxes.renew.mockResolvedValueOnce(lanes);
    await renew();
    expect(warnings.mock.calls).toEqual([[`Lost the lease of lane conv_lost of bot ${BOT}`]]);
    answers[1]();
    await settle();
    await delivery.beforeApplicationShutdown();
  });
});
