/** A server-sent event stream read with plain fetch, to watch exactly what the gateway writes and when it ends. */
export interface RawStream {
  status: number;
  /** The `data:` payloads received so far, parsed. */
  events: any[];
  /** Resolves with the time (Date.now()) the server ended the stream. */
  ended: Promise<number>;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<RawStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: any[] = [];
  if (res.status !== 200) {
    await res.text();
    return { status: res.status, events, ended: Promise.resolve(Date.now()), close: () => undefined };
  }
  const reader = res.body!.getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += Buffer.from(value).toString('utf8');
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          for (const line of block.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
        }
      }
    } catch {
      // closed by us
    }
    return Date.now();
  })();
  return { status: res.status, events, ended, close: () => controller.abort() };
}
