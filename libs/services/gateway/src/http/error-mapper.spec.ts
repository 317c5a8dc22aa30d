import { BadRequestException, MethodNotAllowedException, NotFoundException } from '@nestjs/common';
import { Errors } from '@platform/contracts';
import { toApiError } from './error-mapper';

const req = { method: 'GET', raw: { url: '/x?q=1' } } as never;

describe('toApiError', () => {
  it('keeps ApiErrors as they are', () => {
    const error = Errors.forbidden('nope');
    expect(toApiError(error, req)).toBe(error);
  });

  it('maps Nest route misses to ResourceNotFound', () => {
    expect(toApiError(new NotFoundException(), req)).toMatchObject({ code: 404, type: 'ResourceNotFound', message: 'No route for GET /x' });
    expect(toApiError(new MethodNotAllowedException(), req)).toMatchObject({ code: 404, type: 'ResourceNotFound' });
  });

  it('maps other HTTP exceptions by status', () => {
    expect(toApiError(new BadRequestException('bad'), req)).toMatchObject({ code: 400, type: 'InvalidPayload' });
  });

  it('turns anything unexpected into a 500 that leaks nothing', () => {
    const error = toApiError(new Error('relation "admin.bots" does not exist'), req);
    expect(error).toMatchObject({ code: 500, type: 'Internal', message: 'An internal error occurred' });
  });
});
