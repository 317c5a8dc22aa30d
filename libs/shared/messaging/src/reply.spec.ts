import { ApiError, Errors } from '@platform/contracts';
import { RawJson, stringifyWithRaw } from './raw-json';
import { Reply, resultText } from './reply';

/** A reply as a service serialises it. */
const wire = (reply: Reply) => stringifyWithRaw(reply);

describe('resultText', () => {
  it('cuts the result out of a serialised reply, whatever it holds', () => {
    for (const result of [{ a: 'x', b: [1, { c: null }] }, null, 'text with "result":', 0, [], { nested: new RawJson('{"k": [1,  2]}') }]) {
      const text = resultText(wire({ result }));
      expect(JSON.parse(text)).toEqual(JSON.parse(stringifyWithRaw(result)));
    }
  });

  it('keeps the bytes of the result as the service wrote them', () => {
    expect(resultText(wire({ result: { body: new RawJson('{"a": 1,  "b": "é"}') } }))).toBe('{"body":{"a": 1,  "b": "é"}}');
  });

  it('throws the ApiError an error reply carries', () => {
    const reply = wire({ error: Errors.notFound('Message', 'm1').toWire() });
    expect(() => resultText(reply)).toThrow(ApiError);
    expect(() => resultText(reply)).toThrow("Message 'm1' not found");
  });
});
