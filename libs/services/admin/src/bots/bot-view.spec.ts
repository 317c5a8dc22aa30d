import { CHAT_INTEGRATION_PUBLIC_ID } from '@platform/contracts';
import { BotIntegrationEntity } from './bot-integration.entity';
import { toBotSummary, toBotView } from './bot-view';
import { BotEntity } from './bot.entity';
import { emptyDefinition } from './definition-merge';

const created = new Date('2026-01-01T00:00:00.000Z');
const updated = new Date('2026-01-02T03:04:05.678Z');

function bot(props: Partial<BotEntity> = {}): BotEntity {
  return {
    id: '7d3f5c2e-1111-4222-8333-944455556666',
    workspaceId: 'wkspace_1',
    name: 'bot',
    dev: false,
    url: null,
    tags: { team: 'core' },
    definition: emptyDefinition(),
    code: null,
    signingSecretHash: 'hash',
    createdBy: 'acc_1',
    createdAt: created,
    updatedAt: updated,
    deployedAt: null,
    ...props,
  };
}

const instance: BotIntegrationEntity = {
  botId: 'b',
  alias: 'webchat',
  integrationId: 'chat',
  enabled: true,
  configuration: { encryptionKey: 'a-long-enough-key' },
  configurationType: null,
  disabledChannels: [],
  webhookId: 'wh-1',
  generatedKey: 'generated-key-never-shown',
  createdAt: created,
  updatedAt: updated,
};

describe('toBotSummary', () => {
  /** The row the bots list reads: the bot's columns and its definition's type. */
  const summaryRow = (overrides: Partial<BotEntity> = {}) => ({ ...bot(overrides), type: bot(overrides).definition.type });

  it('has the list fields only, timestamps in ISO with milliseconds', () => {
    expect(toBotSummary(summaryRow())).toEqual({
      id: '7d3f5c2e-1111-4222-8333-944455556666',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T03:04:05.678Z',
      name: 'bot',
      tags: { team: 'core' },
      type: 'adk',
    });
  });

  it('has deployedAt once the bot has code', () => {
    expect(toBotSummary(summaryRow({ deployedAt: updated })).deployedAt).toBe('2026-01-02T03:04:05.678Z');
  });
});

describe('toBotView', () => {
  it('gives an empty signing secret unless one is passed (it is shown on creation only)', () => {
    expect(toBotView(bot(), [], [], 'http://localhost:3000').signingSecret).toBe('');
    expect(toBotView(bot(), [], [], 'http://localhost:3000', 'bp_ss_x').signingSecret).toBe('bp_ss_x');
  });

  it('leaves out the optional fields that were never set', () => {
    const view = toBotView(bot({ createdBy: null }), [], [], 'http://localhost:3000');
    for (const key of ['description', 'maxExecutionTime', 'deployedAt', 'createdBy']) expect(view).not.toHaveProperty(key);
  });

  it('shows the definition and the creator, never the url (the reference has no such field)', () => {
    const definition = { ...emptyDefinition('studio'), description: 'd', maxExecutionTime: 30, secrets: ['K'] };
    const view = toBotView(bot({ definition, url: 'https://x.test', dev: true }), [], [], 'http://localhost:3000');
    expect(view).toMatchObject({
      description: 'd',
      maxExecutionTime: 30,
      secrets: ['K'],
      type: 'studio',
      dev: true,
      createdBy: 'acc_1',
      status: 'active',
    });
    expect(view).not.toHaveProperty('url');
  });

  it('shows installed integrations by alias with a webhook url under the public url', () => {
    for (const publicUrl of ['https://bots.example.test', 'https://bots.example.test/']) {
      const view = toBotView(bot(), [instance], [{ alias: 'webchat', identifier: 'ident', scheduleRegisterCall: null, sandboxIdentifiers: null }], publicUrl);
      expect(view.integrations).toEqual({
        webchat: expect.objectContaining({
          id: CHAT_INTEGRATION_PUBLIC_ID,
          name: 'chat',
          enabled: true,
          webhookId: 'wh-1',
          webhookUrl: 'https://bots.example.test/webhook/wh-1',
          identifier: 'ident',
          configuration: { encryptionKey: 'a-long-enough-key' },
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-02T03:04:05.678Z',
        }),
      });
      expect(JSON.stringify(view)).not.toContain('generated-key-never-shown');
    }
  });
});
