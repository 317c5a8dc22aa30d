import { AdminOperations } from './admin';
import { ChatOperations } from './chat';
import { FilesOperations } from './files';
import { InternalOperations } from './internal';
import { AnyOperation } from './operation';
import { RuntimeOperations } from './runtime';
import { TablesOperations } from './tables';
import { WebchatOperations } from './webchat';

export * from './operation';
export * from './envelope';
export * from './unavailable';
export { AdminOperations, ChatOperations, FilesOperations, InternalOperations, RuntimeOperations, TablesOperations, WebchatOperations };

/** Every operation of the platform, each declared once in its family's file. */
export const ALL_OPERATIONS: readonly AnyOperation[] = [
  RuntimeOperations,
  AdminOperations,
  ChatOperations,
  WebchatOperations,
  TablesOperations,
  FilesOperations,
  InternalOperations,
].flatMap((family) => Object.values(family) as AnyOperation[]);

const BY_SUBJECT = new Map(ALL_OPERATIONS.map((op) => [op.subject, op]));

/** The operation a subject serves (handlers and the bus look operations up by subject). */
export function operationBySubject(subject: string): AnyOperation | undefined {
  return BY_SUBJECT.get(subject);
}
