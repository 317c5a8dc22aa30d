import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { createChatBot } from '@platform/testing';

describe('chat participants', () => {
  let apiUrl: string;
  let owner: AuthenticatedClient;
  let guest: AuthenticatedClient;
  let stranger: AuthenticatedClient;

  beforeAll(async () => {
    ({ chatApiUrl: apiUrl } = await createChatBot());
    owner = await ChatClient.connect({ apiUrl });
    guest = await ChatClient.connect({ apiUrl });
    stranger = await ChatClient.connect({ apiUrl });
  });

  it('makes the creator the owner and first participant', async () => {
    const { conversation } = await owner.createConversation({});
    const { participants, meta } = await owner.listParticipants({ conversationId: conversation.id });
    expect(participants.map((p) => p.id)).toEqual([owner.user.id]);
    expect(meta.nextToken).toBeUndefined();
  });

  it('adds, gets, lists and removes participants', async () => {
    const { conversation } = await owner.createConversation({});
    const { participant } = await owner.addParticipant({ conversationId: conversation.id, userId: guest.user.id });
    expect(participant).toEqual({ id: guest.user.id, createdAt: guest.user.createdAt, updatedAt: guest.user.updatedAt });
    // Adding twice changes nothing.
    await owner.addParticipant({ conversationId: conversation.id, userId: guest.user.id });
    expect((await guest.getParticipant({ conversationId: conversation.id, userId: owner.user.id })).participant.id).toBe(owner.user.id);
    expect((await owner.listParticipants({ conversationId: conversation.id })).participants.map((p) => p.id)).toEqual([owner.user.id, guest.user.id]);
    // The new participant can now read the conversation.
    await expect(guest.getConversation({ id: conversation.id })).resolves.toEqual({ conversation });
    await owner.removeParticipant({ conversationId: conversation.id, userId: guest.user.id });
    await expect(guest.getConversation({ id: conversation.id })).rejects.toMatchObject({ code: 403, type: 'Forbidden' });
    await expect(owner.getParticipant({ conversationId: conversation.id, userId: guest.user.id })).rejects.toMatchObject({ code: 404 });
  });

  it('refuses to remove the owner with 400 InvalidPayload', async () => {
    const { conversation } = await owner.createConversation({});
    await owner.addParticipant({ conversationId: conversation.id, userId: guest.user.id });
    await expect(guest.removeParticipant({ conversationId: conversation.id, userId: owner.user.id })).rejects.toMatchObject({
      code: 400,
      type: 'InvalidPayload',
    });
    await expect(owner.removeParticipant({ conversationId: conversation.id, userId: owner.user.id })).rejects.toMatchObject({ code: 400 });
    expect((await owner.listParticipants({ conversationId: conversation.id })).participants).toHaveLength(2);
  });

  it('answers 404 for unknown users and participants', async () => {
    const { conversation } = await owner.createConversation({});
    await expect(owner.addParticipant({ conversationId: conversation.id, userId: 'nobody' })).rejects.toMatchObject({ code: 404 });
    await expect(owner.removeParticipant({ conversationId: conversation.id, userId: stranger.user.id })).rejects.toMatchObject({ code: 404 });
  });

  it('keeps everything about participants for participants only (403)', async () => {
    const { conversation } = await owner.createConversation({});
    const id = conversation.id;
    await expect(stranger.listParticipants({ conversationId: id })).rejects.toMatchObject({ code: 403 });
    await expect(stranger.getParticipant({ conversationId: id, userId: owner.user.id })).rejects.toMatchObject({ code: 403 });
    await expect(stranger.addParticipant({ conversationId: id, userId: stranger.user.id })).rejects.toMatchObject({ code: 403 });
    await expect(stranger.removeParticipant({ conversationId: id, userId: owner.user.id })).rejects.toMatchObject({ code: 403 });
    expect((await owner.listParticipants({ conversationId: id })).participants.map((p) => p.id)).toEqual([owner.user.id]);
  });

  it('pages participants in the order they joined', async () => {
    const { conversation } = await owner.createConversation({});
    const users = [owner.user.id];
    const anonymous = new ChatClient({ apiUrl });
    for (let i = 0; i < 24; i++) {
      const { user } = await anonymous.createUser({});
      await owner.addParticipant({ conversationId: conversation.id, userId: user.id });
      users.push(user.id);
    }
    const seen = await owner.list.participants({ conversationId: conversation.id }).collect();
    expect(seen.map((p) => p.id)).toEqual(users);
    const first = await owner.listParticipants({ conversationId: conversation.id });
    expect(first.participants).toHaveLength(20);
    expect(first.meta.nextToken).toEqual(expect.any(String));
  });
});
