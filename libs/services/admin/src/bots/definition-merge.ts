import { CreateBotBody, UpdateBotBody } from '@platform/contracts';
import { BotDefinition } from './bot.entity';

/**
 * Applies an update map the way the API defines it: a key set to null is removed, any other
 * value replaces the old one, keys not mentioned stay as they were.
 */
export function mergeMap<T>(current: Record<string, T>, patch: Record<string, T | null> | undefined): Record<string, T> {
  if (!patch) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The definition of a bot nothing has been said about yet. */
export function emptyDefinition(type: BotDefinition['type'] = 'adk'): BotDefinition {
  return {
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
    type,
    alwaysAlive: false,
    blocked: false,
  };
}

/** The definition after applying the fields of a createBot or updateBot body. */
export function applyDefinition(current: BotDefinition, input: UpdateBotBody | CreateBotBody): BotDefinition {
  const u = input as UpdateBotBody;
  const tagsOf = (section?: Record<string, unknown>) => (section?.tags as Record<string, unknown> | undefined) ?? undefined;
  return {
    ...current,
    ...(input.description !== undefined ? { description: input.description } : {}),
    configuration: input.configuration
      ? { data: input.configuration.data ?? current.configuration.data, schema: input.configuration.schema ?? current.configuration.schema }
      : current.configuration,
    user: { tags: mergeMap(current.user.tags, tagsOf(input.user) as never) },
    conversation: { tags: mergeMap(current.conversation.tags, tagsOf(input.conversation) as never) },
    message: { tags: mergeMap(current.message.tags, tagsOf(input.message) as never) },
    events: mergeMap(current.events, input.events as never),
    actions: mergeMap(current.actions, input.actions as never),
    states: mergeMap(current.states, input.states as never),
    recurringEvents: mergeMap(current.recurringEvents, input.recurringEvents as never),
    subscriptions: input.subscriptions ?? current.subscriptions,
    plugins: mergeMap(current.plugins, u.plugins as never),
    medias: input.medias ?? current.medias,
    secrets: input.secrets ? Object.keys(mergeMap(Object.fromEntries(current.secrets.map((s) => [s, s])), input.secrets)) : current.secrets,
    layers: u.layers ?? current.layers,
    type: input.type ?? current.type,
    ...(input.maxExecutionTime !== undefined ? { maxExecutionTime: input.maxExecutionTime } : {}),
    alwaysAlive: u.alwaysAlive ?? current.alwaysAlive,
    blocked: u.blocked ?? current.blocked,
    ...(u.authentication !== undefined ? { authentication: u.authentication } : {}),
  };
}
