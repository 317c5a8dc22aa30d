import { BotDeployment } from '@platform/contracts';
import { BotProcess } from './bot-process';
import { BotSupervisor, secretVariable } from './bot-supervisor';
import { DeploymentFiles } from './deployment-files';

// Whether a process would be started is all these tests look at.
jest.mock('./bot-process', () => ({ BotProcess: jest.fn() }));

describe('secretVariable', () => {
  it.each([
    ['API_KEY', 'SECRET_API_KEY'],
    ['apiKey', 'SECRET_API_KEY'],
    ['greeting', 'SECRET_GREETING'],
    ['my-token.v2', 'SECRET_MY_TOKEN_V2'],
  ])('names the secret %s as the sdk reads it: %s', (name, variable) => {
    expect(secretVariable(name)).toBe(variable);
  });
});

describe('BotSupervisor', () => {
  const deployment: BotDeployment = {
    botId: 'bot_1',
    deployedAt: '2026-01-01T00:00:00.000Z',
    revision: '2026-01-01T00:00:00.000Z',
    code: 'module.exports = {}',
    configuration: {},
    secrets: {},
    token: 'bp_bak_test',
  };
  const settings = { apiUrl: 'http://localhost', memoryMb: 64, eventTimeoutMs: 1000, startTimeoutMs: 1000, restartBaseMs: 100, restartMaxMs: 1000 };
  const noop = () => undefined;

  it('closed while its process is being prepared: waits for the preparation, then starts no process', async () => {
    let prepared!: (files: DeploymentFiles) => void;
    const files = new Promise<DeploymentFiles>((resolve) => (prepared = resolve));
    const supervisor = new BotSupervisor('bot_1', deployment, settings, { log: noop, report: noop, files: () => files, switched: noop });
    supervisor.warm();
    let closed = false;
    const closing = supervisor.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The bot's files are still being written: whoever deletes them next must wait.
    expect(closed).toBe(false);
    prepared({ bundlePath: '/nowhere/bundle.js', scratchDir: '/nowhere/scratch' });
    await closing;
    expect(BotProcess).not.toHaveBeenCalled();
    expect(supervisor.pids).toEqual([]);
    await expect(supervisor.run({ headers: {} }, 100)).resolves.toMatchObject({ status: 503 });
  });
});
