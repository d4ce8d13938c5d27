// Bounded caches that forget the entry read least recently: a Map keeps insertion order,
// so a hit is moved to the end and the first key is the one to drop.

/**
 * Bounded by the total size of the values kept (`sizeOf` each, counted when set). A value
 * larger than the whole bound is still kept, alone, until the next one comes.
 */
export class SizedLru<K, V> {
  private readonly entries = new Map<K, V>();
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    for (const [oldest, dropped] of this.entries) {
      if (this.total <= this.limit || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(dropped);
    }
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.total -= this.sizeOf(old);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Bounded by the number of entries kept. */
export class Lru<K, V> extends SizedLru<K, V> {
  constructor(capacity: number) {
    super(capacity, () => 1);
  }
}
