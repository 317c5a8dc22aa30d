import { expectErrorBody, raw, RawResponse } from './e2e';

export interface BadInput {
  /** What is wrong, shown when the expectation fails. */
  name: string;
  body: string;
  contentType: string;
  status: 400 | 415;
}

/**
 * The bodies every operation taking JSON must refuse, built around a body it accepts: each wrong
 * property value given (wrong types, oversized strings, values out of range), an unknown
 * property, malformed JSON, JSON that is not an object, and a content type other than JSON.
 */
export function badBodies(accepted: Record<string, unknown>, wrongValues: Array<[string, Record<string, unknown>]>): BadInput[] {
  const json = 'application/json';
  return [
    ...wrongValues.map(([name, patch]): BadInput => ({ name, body: JSON.stringify({ ...accepted, ...patch }), contentType: json, status: 400 })),
    { name: 'an unknown property', body: JSON.stringify({ ...accepted, unexpected: 'x' }), contentType: json, status: 400 },
    { name: 'malformed JSON', body: JSON.stringify(accepted).slice(0, -1) + ',', contentType: json, status: 400 },
    { name: 'a JSON array', body: JSON.stringify([accepted]), contentType: json, status: 400 },
    { name: 'a text/plain body', body: JSON.stringify(accepted), contentType: 'text/plain', status: 415 },
    {
      name: 'a form body',
      body: new URLSearchParams(accepted as Record<string, string>).toString(),
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
    },
  ];
}

/** Sends each bad body to `method path` and expects its 4xx with the standard error body. */
export async function expectBodiesRefused(method: string, path: string, headers: Record<string, string>, cases: BadInput[]): Promise<void> {
  for (const c of cases) {
    const res: RawResponse = await raw(method, path, { headers: { ...headers, 'content-type': c.contentType }, body: c.body });
    expect({ input: c.name, status: res.status }).toEqual({ input: c.name, status: c.status });
    expectErrorBody(res.json, c.status, c.status === 415 ? 'UnsupportedMediaType' : 'InvalidPayload');
  }
}
