/**
 * Runs `work` on each item, `lanes` at a time, taking the items in their order (server Postgres
 * gives each statement one core: two lanes keep both busy). The first failure stops the lanes
 * taking more items, and the call rejects with it only once every item already started has
 * settled: a caller holding a lock releases it when nothing is still writing.
 */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const count = Math.max(1, Math.min(lanes, items.length));
  const outcomes = await Promise.allSettled(Array.from({ length: count }, lane));
  const rejected = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (rejected) throw rejected.reason;
}
