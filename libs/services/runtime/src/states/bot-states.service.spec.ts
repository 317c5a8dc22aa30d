import { BotAccess } from '@platform/bot-access';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { UsersRepository } from '../users/users.repository';
import { BotStatesService } from './bot-states.service';
import { StateEntity } from './state.entity';
import { StatesRepository } from './states.repository';

const NOW = Date.now();

function stored(expiresAt: Date | null): StateEntity {
  const at = new Date(NOW - 60_000);
  return {
    botId: 'bot_1',
    type: 'conversation',
    ownerId: 'conv_1',
    name: 'session',
    id: 'state_1',
    payload: { step: 1 },
    expiry: null,
    expiresAt,
    createdAt: at,
    updatedAt: at,
  };
}

/** The service over a stored state (or none), recording when a state's lock is taken. */
function serviceWith(state: StateEntity | null) {
  const locked: string[] = [];
  const ownersRead: string[] = [];
  const states = {
    find: async () => state,
    exclusively: async (key: { name: string }, work: (current: StateEntity | null, writer: { save(): Promise<void> }) => Promise<StateEntity>) => {
      locked.push(key.name);
      return work(state, { save: async () => undefined });
    },
  } as unknown as StatesRepository;
  const conversations = { find: async (_botId: string, id: string) => (ownersRead.push(id), { id }) } as unknown as ConversationsRepository;
  const service = new BotStatesService(states, conversations, {} as UsersRepository);
  return { service, locked, ownersRead };
}

const access = { botId: 'bot_1' } as BotAccess;
const input = { type: 'conversation' as const, id: 'conv_1', name: 'session', payload: { step: 9 } };

describe('BotStatesService.getOrSet', () => {
  it('answers a live state as it is, without taking its lock or reading its owner', async () => {
    const { service, locked, ownersRead } = serviceWith(stored(null));
    const { state } = await service.getOrSet(access, input);
    expect([state.id, state.payload]).toEqual(['state_1', { step: 1 }]);
    expect(locked).toEqual([]);
    // The state shows its owner exists (an owner's deletion deletes its states).
    expect(ownersRead).toEqual([]);
  });

  it('makes a state under its lock when there is none, or only an expired one', async () => {
    for (const state of [null, stored(new Date(NOW - 1000))]) {
      const { service, locked } = serviceWith(state);
      const answer = await service.getOrSet(access, input);
      expect(answer.state.payload).toEqual({ step: 9 });
      expect(locked).toEqual(['session']);
    }
  });
});

describe('BotStatesService.get', () => {
  it('answers a live state from one read, without reading its owner', async () => {
    const { service, ownersRead } = serviceWith(stored(null));
    await expect(service.get(access, input)).resolves.toMatchObject({ state: { id: 'state_1' } });
    expect(ownersRead).toEqual([]);
  });

  it('reads the owner only to say which is missing', async () => {
    const { service, ownersRead } = serviceWith(null);
    await expect(service.get(access, input)).rejects.toThrow("State 'session' of conversation 'conv_1' not found");
    expect(ownersRead).toEqual(['conv_1']);
  });
});
