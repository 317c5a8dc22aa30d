import { ApiError, Errors, newErrorId } from './api-error';

describe('ApiError', () => {
  it('has the status of its type', () => {
    expect(Errors.invalidPayload('x').code).toBe(400);
    expect(Errors.unauthorized().code).toBe(401);
    expect(Errors.forbidden().code).toBe(403);
    expect(Errors.notFound('Bot', 'b').code).toBe(404);
    expect(Errors.alreadyExists('User', 'u').code).toBe(409);
    expect(Errors.payloadTooLarge(10).code).toBe(413);
    expect(Errors.unsupportedMediaType('text/plain').code).toBe(415);
    expect(Errors.internal().code).toBe(500);
  });

  it('is 503 of type Internal when a service does not answer', () => {
    expect(Errors.serviceUnavailable('chat')).toMatchObject({ code: 503, type: 'Internal', message: 'The chat service did not answer in time' });
  });

  it('crosses the bus and comes back the same', () => {
    const original = Errors.notFound('Message', 'abc');
    const back = ApiError.fromWire(JSON.parse(JSON.stringify(original.toWire())));
    expect(back).toBeInstanceOf(ApiError);
    expect(back).toMatchObject({ code: 404, type: 'ResourceNotFound', message: "Message 'abc' not found" });
  });

  it('turns anything unrecognised from the bus into a generic internal error', () => {
    for (const wire of [null, 'x', { type: 'Nope', message: 'm' }, { type: 'Forbidden' }]) {
      expect(ApiError.fromWire(wire)).toMatchObject({ code: 500, type: 'Internal', message: 'An internal error occurred' });
    }
  });

  it('renders the error body of docs/contracts.md ("Errors")', () => {
    const body = Errors.forbidden('no').toBody();
    expect(body).toEqual({ id: expect.stringMatching(/^err_\d{14}[0-9A-F]{8}$/), code: 403, type: 'Forbidden', message: 'no' });
  });

  it("makes error ids of the clients' shape, unique", () => {
    const id = newErrorId(new Date('2026-11-21T22:44:23.123Z'));
    expect(id).toMatch(/^err_20261121224423[0-9A-F]{8}$/);
    expect(newErrorId()).not.toBe(newErrorId());
  });
});
