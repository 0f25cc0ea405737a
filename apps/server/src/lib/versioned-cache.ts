/**
 * A bounded least-recently-used map whose entries hold only while a version token is unchanged.
 * Callers read the current version from the source of truth first, so a hit is never stale.
 */
export class VersionedCache<V> {
  readonly #entries = new Map<string, { version: string; value: V }>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string, version: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version) return undefined;
    // Re-inserting keeps the map in least-recently-used order.
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { version, value });
    while (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }
}
