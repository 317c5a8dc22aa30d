import { ApiError } from '@platform/contracts';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BUILTIN_INTEGRATIONS, CHAT_INTEGRATION_ID } from './builtin-integrations';
import { planIntegrations } from './integration-plan';

const BOT = 'bot-1';
const EARLIER = new Date('2026-01-01T00:00:00.000Z');
const NOW = new Date('2026-02-01T00:00:00.000Z');

function installed(alias: string, props: Partial<BotIntegrationEntity> = {}): BotIntegrationEntity {
  return {
    botId: BOT,
    alias,
    integrationId: 'chat',
    enabled: true,
    configuration: {},
    configurationType: null,
    disabledChannels: [],
    webhookId: `webhook-${alias}`,
    generatedKey: `key-${alias}`,
    createdAt: EARLIER,
    updatedAt: EARLIER,
    ...props,
  };
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected a refusal');
}

describe('planIntegrations', () => {
  it('plans nothing without a map', () => {
    expect(planIntegrations(BOT, [installed('webchat')], undefined, NOW)).toEqual({ upserts: [], removed: [] });
    expect(planIntegrations(BOT, [installed('webchat')], {}, NOW)).toEqual({ upserts: [], removed: [] });
  });

  it('installs a new alias with a new webhook and signing key, enabled unless told otherwise', () => {
    const { upserts, removed } = planIntegrations(BOT, [], { webchat: { integrationId: 'chat' } }, NOW);
    expect(removed).toEqual([]);
    expect(upserts).toEqual([
      {
        botId: BOT,
        alias: 'webchat',
        integrationId: 'chat',
        enabled: true,
        configuration: {},
        configurationType: null,
        disabledChannels: [],
        webhookId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        generatedKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        createdAt: NOW,
        updatedAt: NOW,
      },
    ]);
    expect(planIntegrations(BOT, [], { webchat: { integrationId: 'chat', enabled: false } }, NOW).upserts[0].enabled).toBe(false);
  });

  it('gives every new instance its own webhook and key', () => {
    const { upserts } = planIntegrations(BOT, [], { a: { integrationId: 'chat' }, b: { integrationId: 'chat' } }, NOW);
    expect(upserts[0].webhookId).not.toBe(upserts[1].webhookId);
    expect(upserts[0].generatedKey).not.toBe(upserts[1].generatedKey);
  });

  it('changes an installed instance in place: same webhook, key and creation time', () => {
    const current = [installed('webchat', { configuration: { encryptionKey: 'old-key-123' }, disabledChannels: ['x'], configurationType: 't' })];
    const { upserts } = planIntegrations(BOT, current, { webchat: { configuration: { encryptionKey: 'new-key-456' } } }, NOW);
    expect(upserts).toEqual([
      {
        ...current[0],
        configuration: { encryptionKey: 'new-key-456' },
        updatedAt: NOW,
      },
    ]);
  });

  it('keeps the configuration of an installed instance when the change does not carry one', () => {
    const current = [installed('webchat', { configuration: { encryptionKey: 'kept-key-1' } })];
    const { upserts } = planIntegrations(BOT, current, { webchat: { enabled: false } }, NOW);
    expect(upserts[0]).toMatchObject({ enabled: false, configuration: { encryptionKey: 'kept-key-1' }, webhookId: 'webhook-webchat' });
  });

  it('uninstalls with null, and ignores null for an alias that is not installed', () => {
    const current = [installed('keep'), installed('drop')];
    expect(planIntegrations(BOT, current, { drop: null, never: null }, NOW)).toEqual({ upserts: [], removed: ['drop'] });
  });

  it('refuses a new alias without an integrationId (400)', () => {
    const err = refusal(() => planIntegrations(BOT, [installed('webchat')], { other: { enabled: true } }, NOW));
    expect(err).toMatchObject({ code: 400, type: 'InvalidPayload' });
    expect(err.message).toContain('integrations.other.integrationId');
  });

  it('refuses an integration the platform does not have (404)', () => {
    const err = refusal(() => planIntegrations(BOT, [], { x: { integrationId: 'telegram' } }, NOW));
    expect(err).toMatchObject({ code: 404, type: 'ResourceNotFound', message: "Integration 'telegram' not found" });
  });

  it('refuses configuration keys the integration does not have, and bad values (400)', () => {
    for (const configuration of [{ color: 'blue' }, { encryptionKey: 'short' }, { encryptionKey: 12345678 }, { encryptionKey: 'k'.repeat(513) }]) {
      const err = refusal(() => planIntegrations(BOT, [], { webchat: { integrationId: 'chat', configuration } }, NOW));
      expect(err).toMatchObject({ code: 400, type: 'InvalidPayload' });
      expect(err.message).toMatch(/^integrations\.webchat\.configuration\./);
    }
  });

  it('refuses the whole map when one entry is wrong', () => {
    expect(() => planIntegrations(BOT, [installed('a')], { a: null, b: { integrationId: 'chat' }, c: { integrationId: 'nope' } }, NOW)).toThrow(ApiError);
  });
});

describe('the built-in chat integration', () => {
  const check = BUILTIN_INTEGRATIONS[CHAT_INTEGRATION_ID].configuration.encryptionKey;

  it('takes an encryptionKey of 8 to 512 characters', () => {
    expect(check('k'.repeat(8))).toBeUndefined();
    expect(check('k'.repeat(512))).toBeUndefined();
    expect(check('k'.repeat(7))).toEqual(expect.any(String));
    expect(check('k'.repeat(513))).toEqual(expect.any(String));
    expect(check(undefined)).toEqual(expect.any(String));
    expect(check(null)).toEqual(expect.any(String));
  });

  it('has no other setting', () => {
    expect(Object.keys(BUILTIN_INTEGRATIONS[CHAT_INTEGRATION_ID].configuration)).toEqual(['encryptionKey', 'userKeyTtlSeconds']);
  });
});
