import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { botConfigurationProblem, subscriptionsProblem, tagDefinitionsProblem } from '../common/validators';
import { CreateBotBody, UpdateBotBody } from './bots.dto';

/** The properties the validation pipe of the gateway would refuse (same options). */
function refused(dto: typeof CreateBotBody | typeof UpdateBotBody, body: Record<string, unknown>): string[] {
  const errors = validateSync(plainToInstance(dto as typeof UpdateBotBody, body) as object, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
  return errors.map((e) => e.property);
}

describe('createBot and updateBot bodies', () => {
  it('accept a body with every property absent', () => {
    expect(refused(CreateBotBody, {})).toEqual([]);
    expect(refused(UpdateBotBody, {})).toEqual([]);
  });

  it('accept null as a url (it clears the url) and as a map entry (it removes the entry)', () => {
    expect(refused(UpdateBotBody, { url: null })).toEqual([]);
    expect(
      refused(UpdateBotBody, { tags: { a: null }, events: { e: null }, secrets: { S: null }, integrations: { x: null }, user: { tags: { t: null } } }),
    ).toEqual([]);
  });

  it.each([
    'name',
    'description',
    'tags',
    'configuration',
    'user',
    'conversation',
    'message',
    'events',
    'actions',
    'states',
    'recurringEvents',
    'subscriptions',
    'code',
    'medias',
    'secrets',
    'type',
    'maxExecutionTime',
  ])('refuse %s: null', (property) => {
    expect(refused(CreateBotBody, { [property]: null })).toEqual([property]);
    expect(refused(UpdateBotBody, { [property]: null })).toEqual([property]);
  });

  it.each(['integrations', 'plugins', 'layers', 'alwaysAlive', 'blocked', 'authentication'])('refuse %s: null on update', (property) => {
    expect(refused(UpdateBotBody, { [property]: null })).toEqual([property]);
  });

  it('refuse dev: null on create, and dev at all on update', () => {
    expect(refused(CreateBotBody, { dev: null })).toEqual(['dev']);
    expect(refused(UpdateBotBody, { dev: true })).toEqual(['dev']);
  });

  it('accept the shapes the official client sends', () => {
    const body = {
      configuration: { data: { a: 1 }, schema: { type: 'object' } },
      user: { tags: { plan: { title: 'Plan', description: 'd' } } },
      conversation: { tags: {} },
      message: {},
      subscriptions: { events: { ping: {} } },
    };
    expect(refused(CreateBotBody, body)).toEqual([]);
    expect(refused(UpdateBotBody, { ...body, subscriptions: { events: null } })).toEqual([]);
  });
});

describe('tagDefinitionsProblem', () => {
  it('accepts tag definitions with a title and a description, or null', () => {
    expect(tagDefinitionsProblem({}, 'user')).toBeUndefined();
    expect(tagDefinitionsProblem({ tags: { a: {}, b: { title: 'B' }, c: null } }, 'user')).toBeUndefined();
  });

  it.each([
    ['x', 'user must be an object'],
    [null, 'user must be an object'],
    [{ tags: {}, colour: 1 }, 'user.colour is not a known property'],
    [{ tags: 'x' }, 'user.tags must be an object'],
    [{ tags: [] }, 'user.tags must be an object'],
    [{ tags: { a: 'x' } }, 'user.tags.a must be an object or null'],
    [{ tags: { a: { title: 1 } } }, 'user.tags.a.title must be a string'],
    [{ tags: { a: { label: 'x' } } }, 'user.tags.a.label is not a known property'],
  ])('refuses %j', (value, problem) => {
    expect(tagDefinitionsProblem(value, 'user')).toBe(problem);
  });
});

describe('botConfigurationProblem', () => {
  it('accepts data and schema objects, each optional', () => {
    expect(botConfigurationProblem({}, 'configuration')).toBeUndefined();
    expect(botConfigurationProblem({ data: {}, schema: { type: 'object' } }, 'configuration')).toBeUndefined();
  });

  it.each([
    [[], 'configuration must be an object'],
    [{ data: 'x' }, 'configuration.data must be an object'],
    [{ schema: [] }, 'configuration.schema must be an object'],
    [{ data: null }, 'configuration.data must be an object'],
    [{ extra: {} }, 'configuration.extra is not a known property'],
  ])('refuses %j', (value, problem) => {
    expect(botConfigurationProblem(value, 'configuration')).toBe(problem);
  });
});

describe('subscriptionsProblem', () => {
  it('accepts events as a map of objects or null, or events null', () => {
    expect(subscriptionsProblem({ events: null }, 'subscriptions')).toBeUndefined();
    expect(subscriptionsProblem({ events: { a: {}, b: null } }, 'subscriptions')).toBeUndefined();
  });

  it.each([
    [{}, 'subscriptions.events must be an object or null'],
    [{ events: 'x' }, 'subscriptions.events must be an object or null'],
    [{ events: { a: 1 } }, 'subscriptions.events.a must be an object or null'],
    [{ events: null, extra: 1 }, 'subscriptions.extra is not a known property'],
  ])('refuses %j', (value, problem) => {
    expect(subscriptionsProblem(value, 'subscriptions')).toBe(problem);
  });
});
