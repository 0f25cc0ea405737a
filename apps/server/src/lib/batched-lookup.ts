/**
 * Lookups by key asked in the same turn of the event loop, answered by one read: under load, the searches answered
 * together ask for their stones' holds together, one query instead of one each (on PostgreSQL each is a round trip
 * through the driver on the same cores as the database). A read begins after every caller in it asked, so whatever
 * was committed before a call is in its answer.
 */
export function batchedLookup<V>(read: (keys: number[]) => Promise<Map<number, V>>, maxKeys = 500): (keys: readonly number[]) => Promise<Map<number, V>> {
  let keys = new Set<number>();
  let waiters: Array<{ keys: readonly number[]; resolve: (found: Map<number, V>) => void; reject: (err: unknown) => void }> = [];

  async function flush(): Promise<void> {
    const batch = waiters;
    const all = [...keys];
    keys = new Set();
    waiters = [];
    try {
      const found = new Map<number, V>();
      // At most `maxKeys` to a query, whatever a turn gathered (a query's parameters are limited).
      for (let k = 0; k < all.length; k += maxKeys) for (const [key, value] of await read(all.slice(k, k + maxKeys))) found.set(key, value);
      for (const waiter of batch) {
        const own = new Map<number, V>();
        for (const key of waiter.keys) {
          const value = found.get(key);
          if (value !== undefined) own.set(key, value);
        }
        waiter.resolve(own);
      }
    } catch (err) {
      for (const waiter of batch) waiter.reject(err);
    }
  }

  return (asked) =>
    new Promise((resolve, reject) => {
      if (asked.length === 0) return resolve(new Map());
      if (waiters.length === 0) setImmediate(() => void flush());
      waiters.push({ keys: asked, resolve, reject });
      for (const key of asked) keys.add(key);
    });
}
