import { CreateBotBody, UpdateBotBody } from '@platform/contracts';
import { BotDefinition } from './bot.entity';
import { applyDefinition, emptyDefinition, mergeMap } from './definition-merge';

describe('mergeMap', () => {
  it('replaces a value, removes a key set to null and keeps keys not mentioned', () => {
    expect(mergeMap({ a: '1', b: '2', c: '3' }, { a: null, b: 'two', d: '4' })).toEqual({ b: 'two', c: '3', d: '4' });
  });

  it('returns the current map when there is no patch', () => {
    const current = { a: 1 };
    expect(mergeMap(current, undefined)).toBe(current);
    expect(mergeMap(current, {})).toEqual({ a: 1 });
  });

  it('ignores null for a key that is not there', () => {
    expect(mergeMap({ a: 1 }, { z: null })).toEqual({ a: 1 });
  });

  it('never changes the current map', () => {
    const current = { a: 1, b: 2 };
    mergeMap(current, { a: null, b: 3, c: 4 });
    expect(current).toEqual({ a: 1, b: 2 });
  });

  it('replaces a nested value whole instead of merging into it', () => {
    expect(mergeMap<Record<string, unknown>>({ e: { title: 'T', schema: { a: 1 } } }, { e: { schema: {} } })).toEqual({ e: { schema: {} } });
  });
});

describe('emptyDefinition', () => {
  it('is an adk bot with every map empty', () => {
    expect(emptyDefinition()).toEqual({
      configuration: { data: {}, schema: {} },
      user: { tags: {} },
      conversation: { tags: {} },
      message: { tags: {} },
      events: {},
      actions: {},
      states: {},
      recurringEvents: {},
      subscriptions: { events: null },
      plugins: {},
      medias: [],
      secrets: [],
      layers: [],
      type: 'adk',
      alwaysAlive: false,
      blocked: false,
    });
  });

  it('takes the type it is given', () => {
    expect(emptyDefinition('studio').type).toBe('studio');
  });

  it('gives a fresh object each time', () => {
    const a = emptyDefinition();
    a.events.x = {};
    expect(emptyDefinition().events).toEqual({});
  });
});

describe('applyDefinition', () => {
  const update = (input: Partial<UpdateBotBody>) => input as UpdateBotBody;

  function stored(): BotDefinition {
    return {
      ...emptyDefinition('studio'),
      description: 'old words',
      configuration: { data: { greeting: 'hi' }, schema: { type: 'object' } },
      user: { tags: { plan: { title: 'Plan' } } },
      conversation: { tags: { topic: {} } },
      message: { tags: { lang: {} } },
      events: { ping: { schema: {} } },
      actions: { echo: { input: { schema: {} }, output: { schema: {} } } },
      states: { memory: { type: 'user', schema: {} } },
      recurringEvents: { daily: { schedule: { cron: '0 0 * * *' }, type: 'tick', payload: {} } },
      medias: [{ url: 'https://cdn.example.test/a.png', name: 'a' }],
      secrets: ['API_KEY', 'OTHER_KEY'],
      maxExecutionTime: 60,
    };
  }

  it('changes nothing for an empty body', () => {
    expect(applyDefinition(stored(), update({}))).toEqual(stored());
  });

  it('never changes the definition it starts from', () => {
    const current = stored();
    applyDefinition(current, update({ events: { ping: null }, secrets: { API_KEY: null }, user: { tags: { plan: null } }, description: 'x' }));
    expect(current).toEqual(stored());
  });

  it('sets the description only when given', () => {
    expect(applyDefinition(stored(), update({ description: 'new words' })).description).toBe('new words');
    expect(applyDefinition(stored(), update({ name: 'x' })).description).toBe('old words');
  });

  it('replaces configuration data and schema separately', () => {
    expect(applyDefinition(stored(), update({ configuration: { data: { greeting: 'hello' } } })).configuration).toEqual({
      data: { greeting: 'hello' },
      schema: { type: 'object' },
    });
    expect(applyDefinition(stored(), update({ configuration: { schema: {} } })).configuration).toEqual({ data: { greeting: 'hi' }, schema: {} });
  });

  it('merges the user, conversation and message tag definitions, null removing one', () => {
    const next = applyDefinition(
      stored(),
      update({ user: { tags: { plan: null, locale: { title: 'Locale' } } }, conversation: { tags: { topic: { title: 'Topic' } } }, message: {} }),
    );
    expect(next.user).toEqual({ tags: { locale: { title: 'Locale' } } });
    expect(next.conversation).toEqual({ tags: { topic: { title: 'Topic' } } });
    expect(next.message).toEqual({ tags: { lang: {} } });
  });

  it('merges events, actions, states and recurring events by name', () => {
    const next = applyDefinition(
      stored(),
      update({
        events: { ping: null, pong: { schema: {} } },
        actions: { echo: null },
        states: { other: { type: 'bot', schema: {} } },
        recurringEvents: { daily: null },
      }),
    );
    expect(next.events).toEqual({ pong: { schema: {} } });
    expect(next.actions).toEqual({});
    expect(next.states).toEqual({ memory: { type: 'user', schema: {} }, other: { type: 'bot', schema: {} } });
    expect(next.recurringEvents).toEqual({});
  });

  it('keeps secret names only: a value adds a name once, null removes it', () => {
    const next = applyDefinition(stored(), update({ secrets: { API_KEY: null, OTHER_KEY: 'rotated', NEW_KEY: 'value' } }));
    expect([...next.secrets].sort()).toEqual(['NEW_KEY', 'OTHER_KEY']);
    expect(JSON.stringify(next)).not.toContain('rotated');
    expect(JSON.stringify(next)).not.toContain('value');
  });

  it('turns the secrets of a createBot body into their names', () => {
    const created = applyDefinition(emptyDefinition(), { secrets: { A: 'secret-a', B: 'secret-b' } } as CreateBotBody);
    expect(created.secrets).toEqual(['A', 'B']);
    expect(JSON.stringify(created)).not.toContain('secret-a');
  });

  it('replaces medias, subscriptions and layers whole', () => {
    const next = applyDefinition(stored(), update({ medias: [], subscriptions: { events: { ping: {} } }, layers: ['x'] }));
    expect(next.medias).toEqual([]);
    expect(next.subscriptions).toEqual({ events: { ping: {} } });
    expect(next.layers).toEqual(['x']);
  });

  it('sets the scalar settings only when given', () => {
    const next = applyDefinition(stored(), update({ type: 'desk', maxExecutionTime: 120, alwaysAlive: true, blocked: true, authentication: 'iam' }));
    expect(next).toMatchObject({ type: 'desk', maxExecutionTime: 120, alwaysAlive: true, blocked: true, authentication: 'iam' });
    const kept = applyDefinition(next, update({ name: 'x' }));
    expect(kept).toMatchObject({ type: 'desk', maxExecutionTime: 120, alwaysAlive: true, blocked: true, authentication: 'iam' });
    expect(applyDefinition(emptyDefinition(), update({})).maxExecutionTime).toBeUndefined();
  });
});
