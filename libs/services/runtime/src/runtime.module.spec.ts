import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ALL_OPERATIONS, Subjects } from '@platform/contracts';
import { handledSubjects } from '@platform/messaging';
import { RuntimeModule } from './runtime.module';

describe('the runtime service', () => {
  it('handles every operation declared for it, and nothing undeclared', () => {
    const handled = handledSubjects(RuntimeModule.forRoot(loadConfig({}))).filter((subject) => subject !== Subjects.health('runtime'));
    const declared = ALL_OPERATIONS.filter((operation) => operation.service === 'runtime').map((operation) => operation.subject);
    expect([...handled].sort()).toEqual([...declared].sort());
  });
});
