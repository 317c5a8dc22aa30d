import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ALL_OPERATIONS, Subjects } from '@platform/contracts';
import { handledSubjects } from '@platform/messaging';
import { TablesServiceModule } from './tables.module';

describe('the tables service', () => {
  it('handles every operation declared for it, and nothing undeclared', () => {
    const handled = handledSubjects(TablesServiceModule.forRoot(loadConfig({}))).filter((subject) => subject !== Subjects.health('tables'));
    const declared = ALL_OPERATIONS.filter((operation) => operation.service === 'tables').map((operation) => operation.subject);
    expect([...handled].sort()).toEqual([...declared].sort());
  });
});
