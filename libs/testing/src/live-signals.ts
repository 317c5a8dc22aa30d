import { SignalListener } from '@botpress/chat';
import { sleep } from './mesh';

export const SIGNAL_TYPES = ['message_created', 'message_deleted', 'event_created', 'participant_added', 'participant_removed'] as const;

export interface SeenSignal {
  type: (typeof SIGNAL_TYPES)[number] | 'error';
  data: any;
}

/** Records, in order, every signal a chat listener emits, and its errors (a closed stream is one). */
export function recordSignals(listener: SignalListener): SeenSignal[] {
  const seen: SeenSignal[] = [];
  for (const type of [...SIGNAL_TYPES, 'error'] as const) listener.on(type as never, (data: unknown) => seen.push({ type, data }));
  return seen;
}

/** Waits until the check holds; fails after the timeout. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}
