/**
 * A small LRU map bounded by entry count and, optionally, by total weight (bytes).
 * Map iteration order is insertion order, so re-inserting on access keeps the
 * least recently used entry first.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly weigh: (value: V) => number = () => 0,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  set(key: K, value: V): void {
    const weight = this.weigh(value);
    // Something heavier than the whole budget would only evict everything else.
    if (weight > this.maxWeight) return;
    this.delete(key);
    this.map.set(key, { value, weight });
    this.totalWeight += weight;
    while (this.map.size > this.maxEntries || this.totalWeight > this.maxWeight) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): boolean {
    const hit = this.map.get(key);
    if (!hit) return false;
    this.map.delete(key);
    this.totalWeight -= hit.weight;
    return true;
  }

  clear(): void {
    this.map.clear();
    this.totalWeight = 0;
  }
}
