import { useSyncExternalStore } from 'react';

/**
 * A value kept in the browser's localStorage and shared by every component that reads it, across tabs too.
 * On the server, and during hydration, it is the empty value: the server cannot know the browser's storage,
 * and the first client render must match the server's HTML. A storage failure (private mode, quota) is
 * logged and the value lives on in memory for the session.
 */
export interface BrowserStore<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The value for React: `empty` on the server and in the hydration render, then the stored value. */
  use(): T;
}

export function createBrowserStore<T>(key: string, empty: T, parse: (raw: unknown) => T): BrowserStore<T> {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: T } | undefined;

  function read(): T {
    if (typeof window === 'undefined') return empty;
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch (err) {
      console.error(`Could not read ${key} from local storage`, err);
      return cache?.value ?? empty;
    }
    if (cache && cache.raw === raw) return cache.value;
    let value = empty;
    if (raw !== null) {
      try {
        value = parse(JSON.parse(raw));
      } catch {
        value = empty;
      }
    }
    cache = { raw, value };
    return value;
  }

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const store: BrowserStore<T> = {
    get: read,
    set(next) {
      const value = typeof next === 'function' ? (next as (current: T) => T)(read()) : next;
      const raw = JSON.stringify(value);
      try {
        window.localStorage.setItem(key, raw);
      } catch (err) {
        console.error(`Could not save ${key} to local storage`, err);
      }
      cache = { raw, value };
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    use() {
      return useSyncExternalStore(store.subscribe, read, () => empty);
    },
  };
  return store;
}
