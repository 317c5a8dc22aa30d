import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ALL_OPERATIONS, Subjects } from '@platform/contracts';
import { handledSubjects } from '@platform/messaging';
import { ChatModule } from './chat.module';

describe('the chat service', () => {
  it('handles every operation declared for it, and nothing undeclared', () => {
    const handled = handledSubjects(ChatModule.forRoot(loadConfig({}))).filter((subject) => subject !== Subjects.health('chat'));
    const declared = ALL_OPERATIONS.filter((operation) => operation.service === 'chat').map((operation) => operation.subject);
    expect([...handled].sort()).toEqual([...declared].sort());
  });
});
