import { ContextSlot } from '@platform/logging';

type Publish = () => Promise<void>;

interface Deferral {
  state: 'open' | 'sent' | 'dropped';
  queue: Publish[];
}

const deferrals = new ContextSlot<Deferral>('publish deferral');

/**
 * Fan-out notices published while work that may still be undone is in progress (a database
 * transaction spanning a whole request) wait for its outcome: they go out when it is done, and
 * are dropped if it is undone, so no replica acts on a change that is not (yet) there.
 */
export const PublishDeferral = {
  /** Runs `work` with its publishes held back; `settle` sends or drops them. */
  async run<T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; settle: (committed: boolean) => Promise<void> } | { error: unknown; settle: (committed: boolean) => Promise<void> }> {
    const deferral: Deferral = { state: 'open', queue: [] };
    const settle = async (committed: boolean) => {
      deferral.state = committed ? 'sent' : 'dropped';
      const queued = deferral.queue.splice(0);
      if (committed) await Promise.all(queued.map((publish) => publish().catch(() => undefined)));
    };
    try {
      return { result: await deferrals.run(deferral, work), settle };
    } catch (error) {
      return { error, settle };
    }
  },

  /** Publishes now, or when the enclosing deferral (if any) is settled. */
  publish(send: Publish): Promise<void> {
    const deferral = deferrals.get();
    if (!deferral || deferral.state === 'sent') return send();
    if (deferral.state === 'open') deferral.queue.push(send);
    return Promise.resolve();
  },
};
