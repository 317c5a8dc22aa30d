import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ALL_OPERATIONS, Subjects } from '@platform/contracts';
import { handledSubjects } from '@platform/messaging';
import { BotsModule } from './bots.module';

describe('the bots service', () => {
  it('handles every operation declared for it, and nothing undeclared', () => {
    const handled = handledSubjects(BotsModule.forRoot(loadConfig({}))).filter((subject) => subject !== Subjects.health('bots'));
    const declared = ALL_OPERATIONS.filter((operation) => operation.service === 'bots').map((operation) => operation.subject);
    expect([...handled].sort()).toEqual([...declared].sort());
  });
});
