/** What a service answers to a request: a result, or an `ApiError` in its wire form. */
export type Reply = { result: unknown } | { error: { type: string; code: number; message: string } };
