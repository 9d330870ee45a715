import { LRUCache } from 'lru-cache';

/**
 * How long a cached answer built from shared data lives at most, whatever it was told: the bound on
 * how stale an answer can be when several instances share one PostgreSQL database and an announcement
 * is lost.
 */
export const OTHER_INSTANCES_DELAY_MS = 5_000;

interface Bounds {
  /** Entries at most. */
  max: number;
  /** Their sizes in all, as given to set(). */
  maxSize: number;
  ttlMs?: number;
}

/**
 * Values built from the site's data, cached until the next change announced (clear()) and for
 * OTHER_INSTANCES_DELAY_MS at most, within bounds: the least recently used go first. A value built
 * across a change may be used but is not cached: take `since()` before building it, give it to set().
 */
export class ChangeBoundCache<V extends object> {
  private readonly values: LRUCache<string, V>;
  private generation = 0;

  constructor({ max, maxSize, ttlMs = OTHER_INSTANCES_DELAY_MS }: Bounds) {
    this.values = new LRUCache<string, V>({ max, maxSize, ttl: ttlMs });
  }

  get(key: string): V | undefined {
    return this.values.get(key);
  }

  /** The mark a value built from now on is cached under. */
  since(): number {
    return this.generation;
  }

  set(key: string, value: V, size: number, since: number): void {
    if (since === this.generation) this.values.set(key, value, { size: Math.max(size, 1) });
  }

  clear(): void {
    this.generation += 1;
    this.values.clear();
  }
}
