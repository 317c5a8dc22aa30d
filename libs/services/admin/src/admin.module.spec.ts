import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ALL_OPERATIONS, Subjects } from '@platform/contracts';
import { handledSubjects } from '@platform/messaging';
import { AdminModule } from './admin.module';

describe('the admin service', () => {
  it('handles every operation declared for it, and nothing undeclared', () => {
    const handled = handledSubjects(AdminModule.forRoot(loadConfig({}))).filter((subject) => subject !== Subjects.health('admin'));
    const declared = ALL_OPERATIONS.filter((operation) => operation.service === 'admin').map((operation) => operation.subject);
    expect([...handled].sort()).toEqual([...declared].sort());
  });
});
