import 'reflect-metadata';
import { getMetadataStorage } from 'class-validator';
import type { Type } from '@nestjs/common';
import { ALL_OPERATIONS, operationBySubject, UNAVAILABLE_OPERATIONS } from './index';
import { pathParameters } from './operation';

/** The properties a class validates: what a section of the envelope may carry. */
const validatedProperties = (cls: Type<unknown>) =>
  [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(cls, '', true, false)
        .map((m) => m.propertyName),
    ),
  ].sort();

const PREFIX_PARAMETERS: Record<string, string[]> = { chat: ['webhookId'], webchat: ['clientId'] };

describe('the declared operations', () => {
  it('have unique names within a family, subjects, OpenAPI ids and routes', () => {
    const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    unique(ALL_OPERATIONS.map((op) => `${op.family}.${op.name}`));
    unique(ALL_OPERATIONS.map((op) => op.subject));
    unique(ALL_OPERATIONS.filter((op) => op.path).map((op) => op.operationId));
    unique(ALL_OPERATIONS.filter((op) => op.path).map((op) => `${op.http!.method} ${op.path}`));
  });

  it.each(ALL_OPERATIONS.filter((op) => op.path).map((op) => [op.operationId, op] as const))(
    '%s declares a class for exactly the parameters of its path',
    (_, op) => {
      const own = pathParameters(op.path!)
        .filter((name) => !(PREFIX_PARAMETERS[op.family] ?? []).includes(name))
        .sort();
      if (own.length === 0) expect(op.params).toBeUndefined();
      else expect(validatedProperties(op.params!)).toEqual(own);
    },
  );

  it('are all reachable: HTTP ones under their family, internal ones only by the services they name', () => {
    for (const op of ALL_OPERATIONS) {
      if (op.family === 'internal') {
        expect(op.http).toBeUndefined();
        // Transfers of file contents carry their own credential, a signed address the gateway presents.
        expect(['services', 'signed']).toContain(op.access.kind);
      } else {
        expect(op.http).toBeDefined();
        expect(op.access.kind).not.toBe('services');
      }
      expect(operationBySubject(op.subject)).toBe(op);
    }
  });

  it('take nothing an HTTP request cannot carry: no body on GET and DELETE', () => {
    for (const op of ALL_OPERATIONS.filter((o) => o.http && ['GET', 'DELETE'].includes(o.http.method))) expect(op.body).toBeUndefined();
  });

  it('and the unavailable ones share no route or OpenAPI id with them or each other', () => {
    const routes = [...ALL_OPERATIONS.filter((op) => op.path), ...UNAVAILABLE_OPERATIONS];
    expect(new Set(routes.map((op) => `${op.http!.method} ${op.path}`)).size).toBe(routes.length);
    expect(new Set(routes.map((op) => op.operationId)).size).toBe(routes.length);
  });
});
