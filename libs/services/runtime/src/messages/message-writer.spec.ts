import { MessageWriter } from './message-writer';

/**
 * A writer over fakes: the write answers whether it opened the event's lane, the replica may
 * offer to deliver the lane itself (a handoff), and what the writer then announces is recorded.
 */
function setUp({ opened, handoff, written = true }: { opened: boolean; handoff: boolean; written?: boolean }) {
  const done = jest.fn();
  const messages = { insertWithEvent: jest.fn(async () => ({ written, opened: written && opened })) };
  const outbox = {
    handoff: jest.fn(() => (handoff ? { lease: { owner: 'replica', ms: 30000 }, done } : undefined)),
    publish: jest.fn(),
  };
  const signals = { emit: jest.fn() };
  const writer = new MessageWriter(messages as never, outbox as never, signals as never);
  return { writer, messages, outbox, signals, done };
}

const incoming = { botId: 'bot_1', conversationId: 'conv_1', authorId: 'user_1', type: 'text', payload: { text: 'hi' } };

describe('MessageWriter.write', () => {
  it('hands a lane it opens under the replica lease to the replica, and wakes no dispatcher', async () => {
    const { writer, messages, outbox, done } = setUp({ opened: true, handoff: true });
    await writer.write(incoming);
    expect(messages.insertWithEvent).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ type: 'message_created' }), {
      lease: { owner: 'replica', ms: 30000 },
      participantId: undefined,
    });
    expect(done).toHaveBeenCalledWith(true);
    expect(outbox.publish).not.toHaveBeenCalled();
  });

  it('wakes the dispatchers for a lane it opens in the queue (the replica near its limits)', async () => {
    const { writer, outbox } = setUp({ opened: true, handoff: false });
    await writer.write(incoming);
    expect(outbox.publish).toHaveBeenCalledWith([expect.objectContaining({ type: 'message_created', conversationId: 'conv_1' })]);
  });

  // A lane already queued is being delivered (its delivery reads on to the new event) or waits
  // for its turn, a retry or a url: a wake-up would only make every dispatcher look for nothing.
  it.each([
    ['offered to the replica', true],
    ['queued', false],
  ])('wakes no dispatcher for a lane that was already there (%s), and gives back the room of an offer', async (_, handoff) => {
    const { writer, outbox, done, signals } = setUp({ opened: false, handoff });
    await writer.write(incoming);
    expect(outbox.publish).not.toHaveBeenCalled();
    if (handoff) expect(done).toHaveBeenCalledWith(false);
    expect(signals.emit).toHaveBeenCalledWith('bot_1', 'conv_1', expect.objectContaining({ type: 'message_created' }));
  });

  it('writes a message of the bot itself without an event, and tells the listeners', async () => {
    const { writer, messages, outbox, signals } = setUp({ opened: false, handoff: true });
    await writer.write({ ...incoming, authorId: 'bot_1' });
    expect(outbox.handoff).not.toHaveBeenCalled();
    expect(messages.insertWithEvent).toHaveBeenCalledWith(expect.objectContaining({ direction: 'outgoing' }), undefined, {
      lease: undefined,
      participantId: undefined,
    });
    expect(outbox.publish).not.toHaveBeenCalled();
    expect(signals.emit).toHaveBeenCalledWith('bot_1', 'conv_1', expect.objectContaining({ type: 'message_created' }));
  });

  it('gives back the room of an offer when the write fails', async () => {
    const { writer, messages, done } = setUp({ opened: false, handoff: true });
    messages.insertWithEvent.mockRejectedValueOnce(new Error('database gone'));
    await expect(writer.write(incoming)).rejects.toThrow('database gone');
    expect(done).toHaveBeenCalledWith(false);
  });

  it('answers nothing and announces nothing when the write found its conversation or author missing, and gives back the room of an offer', async () => {
    const { writer, messages, outbox, signals, done } = setUp({ opened: true, handoff: true, written: false });
    expect(await writer.write({ ...incoming, participantId: 'user_1' })).toBeUndefined();
    expect(messages.insertWithEvent).toHaveBeenCalledWith(expect.anything(), expect.anything(), expect.objectContaining({ participantId: 'user_1' }));
    expect(done).toHaveBeenCalledWith(false);
    expect(outbox.publish).not.toHaveBeenCalled();
    expect(signals.emit).not.toHaveBeenCalled();
  });
});
