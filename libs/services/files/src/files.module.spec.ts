import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ALL_OPERATIONS, Subjects } from '@platform/contracts';
import { handledSubjects } from '@platform/messaging';
import { FilesModule } from './files.module';

describe('the files service', () => {
  it('handles every operation declared for it, and nothing undeclared', () => {
    const handled = handledSubjects(FilesModule.forRoot(loadConfig({}))).filter((subject) => subject !== Subjects.health('files'));
    const declared = ALL_OPERATIONS.filter((operation) => operation.service === 'files').map((operation) => operation.subject);
    expect([...handled].sort()).toEqual([...declared].sort());
  });
});
