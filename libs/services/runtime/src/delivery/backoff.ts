/**
 * Delay before retry number `attempt` (1 after the first failure): exponential from `baseMs`,
 * capped at `maxMs`, with up to 20 % jitter so a recovering bot is not hit by every retry at once.
 */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.2 * random()));
}
