import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const NX = join(ROOT, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');

/** The boundary problems ESLint reports for `source` as if it were the file at `path`. */
function boundaryProblems(path: string, source: string): string[] {
  const run = spawnSync(
    process.execPath,
    [ESLINT, '--stdin', '--stdin-filename', path, '--format', 'json', '--rule', '{"@typescript-eslint/no-unused-vars":"off"}'],
    {
      cwd: ROOT,
      input: source,
      encoding: 'utf8',
    },
  );
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

/**
 * The layering is enforced by lint, not hoped for: each rule below is tried on a file placed
 * where it would break the architecture (docs/architecture.md, "Layers").
 */
describe('module boundaries', () => {
  beforeAll(() => {
    // The rule reads Nx's cached project graph and skips itself (with a warning) when there is
    // none, as on a fresh clone before any nx command: the graph is computed first.
    const run = spawnSync(process.execPath, [NX, 'show', 'projects'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } });
    if (run.status !== 0) throw new Error(`nx could not compute the project graph: ${run.stderr}`);
  }, 60000);

  it('refuse a shared lib importing a service', () => {
    // Every service depends on the shared libs, so this is also a cycle, which is what gets reported.
    expect(
      boundaryProblems('libs/shared/contracts/src/probe.ts', `import { RuntimeModule } from '@platform/runtime-service';\nexport const x = RuntimeModule;\n`),
    ).toEqual([expect.stringMatching(/can only depend on libs tagged with "type:lib"|Circular dependency between "contracts" and "runtime-service"/)]);
  });

  it('refuse a service importing another service (services talk over the bus)', () => {
    expect(
      boundaryProblems('libs/services/chat/src/probe.ts', `import { RuntimeModule } from '@platform/runtime-service';\nexport const x = RuntimeModule;\n`),
    ).toEqual([expect.stringMatching(/can only depend on libs tagged with "type:lib"/)]);
  });

  it('refuse an app importing another app, or any project reaching into one by path', () => {
    expect(boundaryProblems('apps/gateway/src/probe.ts', `import '../../runtime/src/main';\n`)).toEqual([expect.stringMatching(/relative or absolute path/)]);
    expect(
      boundaryProblems(
        'tools/bench/src/probe.ts',
        `import { RuntimeModule } from '../../../libs/services/runtime/src/runtime.module';\nexport const x = RuntimeModule;\n`,
      ),
    ).toEqual([expect.stringMatching(/relative or absolute path/)]);
  });

  it('refuse the end-to-end suite importing a service instead of using the public API', () => {
    expect(boundaryProblems('e2e/src/probe.ts', `import { ChatModule } from '@platform/chat-service';\nexport const x = ChatModule;\n`)).toEqual([
      expect.stringMatching(/can only depend on libs tagged with "type:testing", "type:lib"/),
    ]);
  });

  it('accept what the layering allows', () => {
    expect(
      boundaryProblems(
        'apps/runtime/src/probe.ts',
        `import { RuntimeModule } from '@platform/runtime-service';\nimport { loadConfig } from '@platform/config';\nexport const x = [RuntimeModule, loadConfig];\n`,
      ),
    ).toEqual([]);
  });
});
