import { MessageWriter } from './message-writer';

/**
 * A writer over fakes: the write answers whether it opened the event's lane, the replica may
 * offer to deliver the lane itself (a handoff), and what the writer then announces is recorded.
 */
function setUp({ opened, handoff, written = true }: { opened: boolean; handoff: boolean; written?: boolean }) {
  const done = jest.fn();
  const messages = { insertGroups: jest.fn(async (groups: unknown[]) => groups.map(() => ({ written, opened: written && opened }))) };
  const outbox = {
    handoff: jest.fn(() => (handoff ? { lease: { owner: 'replica', ms: 30000 }, done } : undefined)),
    publish: jest.fn(),
  };
  const signals = { emit: jest.fn() };
  const writer = new MessageWriter(messages as never, outbox as never, signals as never);
  /** The groups written, statement after statement, as one list. */
  const groups = () => messages.insertGroups.mock.calls.flatMap(([written]) => written as Group[]);
  return { writer, messages, outbox, signals, done, groups };
}

type Group = {
  writes: Array<{ message: { conversationId: string; userId: string; payload: { text: string } }; event?: unknown }>;
  lease?: unknown;
  participantId?: string;
};

const incoming = { botId: 'bot_1', conversationId: 'conv_1', authorId: 'user_1', type: 'text', payload: { text: 'hi' } };

describe('MessageWriter.write', () => {
  it('hands a lane it opens under the replica lease to the replica, and wakes no dispatcher', async () => {
    const { writer, messages, outbox, done } = setUp({ opened: true, handoff: true });
    await writer.write(incoming);
    expect(messages.insertGroups).toHaveBeenCalledWith([
      {
        writes: [expect.objectContaining({ event: expect.objectContaining({ type: 'message_created' }) })],
        lease: { owner: 'replica', ms: 30000 },
        participantId: undefined,
      },
    ]);
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
    expect(messages.insertGroups).toHaveBeenCalledWith([
      {
        writes: [expect.objectContaining({ message: expect.objectContaining({ direction: 'outgoing' }), event: undefined })],
        lease: undefined,
        participantId: undefined,
      },
    ]);
    expect(outbox.publish).not.toHaveBeenCalled();
    expect(signals.emit).toHaveBeenCalledWith('bot_1', 'conv_1', expect.objectContaining({ type: 'message_created' }));
  });

  it('gives back the room of an offer when the write fails', async () => {
    const { writer, messages, done } = setUp({ opened: false, handoff: true });
    messages.insertGroups.mockRejectedValueOnce(new Error('database gone'));
    await expect(writer.write(incoming)).rejects.toThrow('database gone');
    expect(done).toHaveBeenCalledWith(false);
  });

  it('answers nothing and announces nothing when the write found its conversation or author missing, and gives back the room of an offer', async () => {
    const { writer, messages, outbox, signals, done } = setUp({ opened: true, handoff: true, written: false });
    expect(await writer.write({ ...incoming, participantId: 'user_1' })).toBeUndefined();
    expect(messages.insertGroups).toHaveBeenCalledWith([expect.objectContaining({ participantId: 'user_1' })]);
    expect(done).toHaveBeenCalledWith(false);
    expect(outbox.publish).not.toHaveBeenCalled();
    expect(signals.emit).not.toHaveBeenCalled();
  });

  describe('in a busy conversation', () => {
    it('writes what comes while a write is under way together in the next statement, in order, and only its first can open the lane', async () => {
      const { writer, outbox, done, groups } = setUp({ opened: true, handoff: true });
      const written = await Promise.all(['a', 'b', 'c'].map((text) => writer.write({ ...incoming, payload: { text } })));
      expect(groups().map(({ writes }) => writes.map((w) => w.message.payload.text))).toEqual([['a'], ['b', 'c']]);
      expect(written.map((m) => m?.payload.text)).toEqual(['a', 'b', 'c']);
      // The second statement goes under the lease of its first write; both its first and the lone first opened it (the fake says so).
      expect(groups()[1]).toMatchObject({ lease: { owner: 'replica', ms: 30000 }, participantId: undefined });
      // Only the first write of each statement asks for room to deliver the lane it may open.
      expect(outbox.handoff).toHaveBeenCalledTimes(2);
      expect(done.mock.calls).toEqual([[true], [true]]);
      expect(outbox.publish).not.toHaveBeenCalled();
    });

    it('writes messages of other authors, or for another acting user, in statements of their own, and other conversations at once', async () => {
      const { writer, groups } = setUp({ opened: false, handoff: false });
      await Promise.all([
        writer.write(incoming),
        writer.write({ ...incoming, conversationId: 'conv_2' }),
        writer.write(incoming),
        writer.write({ ...incoming, authorId: 'user_2' }),
        writer.write({ ...incoming, authorId: 'user_2', participantId: 'user_3' }),
        writer.write({ ...incoming, authorId: 'bot_1' }),
      ]);
      const calls = groups().map(({ writes }) => writes.map((w) => `${w.message.conversationId}/${w.message.userId}`));
      expect(calls).toEqual([['conv_1/user_1'], ['conv_2/user_1'], ['conv_1/user_1'], ['conv_1/user_2'], ['conv_1/user_2'], ['conv_1/bot_1']]);
    });

    it('fails each write of a statement that fails, and goes on with the next', async () => {
      const { writer, messages } = setUp({ opened: false, handoff: false });
      messages.insertGroups.mockImplementationOnce(async () => [{ written: true, opened: false }]);
      messages.insertGroups.mockRejectedValueOnce(new Error('database gone'));
      const results = await Promise.allSettled(
        ['a', 'b', 'c', 'd'].map((text, i) => writer.write({ ...incoming, authorId: i === 3 ? 'user_2' : 'user_1', payload: { text } })),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    });
  });

  describe('over several conversations', () => {
    it('writes the batches of different conversations ready in one turn in one statement, those of another shape in their own', async () => {
      const { writer, messages } = setUp({ opened: false, handoff: false });
      await Promise.all([
        writer.write(incoming),
        writer.write({ ...incoming, conversationId: 'conv_2' }),
        writer.write({ ...incoming, conversationId: 'conv_3', authorId: 'user_2' }),
        writer.write({ ...incoming, conversationId: 'conv_4', authorId: 'bot_1' }),
        writer.write({ ...incoming, conversationId: 'conv_5', participantId: 'user_1' }),
      ]);
      const statements = messages.insertGroups.mock.calls.map(([written]) =>
        (written as Group[]).map(({ writes }) => writes.map((w) => `${w.message.conversationId}/${w.message.userId}`).join()),
      );
      expect(statements).toEqual([['conv_1/user_1', 'conv_2/user_1', 'conv_3/user_2'], ['conv_4/bot_1'], ['conv_5/user_1']]);
    });

    it('answers each conversation its own outcome', async () => {
      const { writer, messages } = setUp({ opened: false, handoff: false });
      messages.insertGroups.mockImplementationOnce(async (groups) => groups.map((_, i) => ({ written: i === 0, opened: false })));
      const [first, second] = await Promise.all([writer.write(incoming), writer.write({ ...incoming, conversationId: 'conv_2' })]);
      expect(first?.conversationId).toBe('conv_1');
      expect(second).toBeUndefined();
      expect(messages.insertGroups).toHaveBeenCalledTimes(1);
    });
  });
});
