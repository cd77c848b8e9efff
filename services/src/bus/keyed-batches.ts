// Items taken in order and handed on in batches per key: at most `limit` keys at work at a time, one key's batches
// strictly one after another in the order their items were taken. The judge-event consumer stores different
// submissions' events at once, while the events of one submission that arrive during a transaction go together in
// the next one (a burst of case events and the final cost one transaction, not one each).
export class KeyedBatches<K, T> {
  private readonly pending = new Map<K, T[]>();
  private readonly workers = new Map<K, Promise<void>>();

  constructor(
    private readonly limit: number,
    /** Handles one key's batch; a rejection is the handler's own business (it is swallowed here). */
    private readonly run: (key: K, items: T[]) => Promise<void>,
    /** The largest batch handed on at once. */
    private readonly maxBatch = 32,
  ) {
    if (!(limit >= 1) || !(maxBatch >= 1)) throw new Error(`KeyedBatches: limit ${limit}, maxBatch ${maxBatch}`);
  }

  /**
   * Takes `item` (resolves once taken): joins its key's next batch when the key is at work, else waits until fewer
   * than `limit` keys are at work and starts the key.
   */
  async take(key: K, item: T): Promise<void> {
    while (!this.workers.has(key) && this.workers.size >= this.limit) await Promise.race(this.workers.values());
    const queue = this.pending.get(key);
    if (queue) {
      queue.push(item);
      return;
    }
    this.pending.set(key, [item]);
    if (!this.workers.has(key)) this.workers.set(key, this.work(key));
  }

  private async work(key: K): Promise<void> {
    // Let the items already delivered with this one join its first batch.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      const queue = this.pending.get(key);
      if (!queue || queue.length === 0) break;
      const batch = queue.splice(0, this.maxBatch);
      if (queue.length === 0) this.pending.delete(key);
      await this.run(key, batch).catch(() => {});
    }
    this.pending.delete(key);
    this.workers.delete(key);
  }

  /** Resolves once every item taken so far has been handled. */
  async idle(): Promise<void> {
    while (this.workers.size > 0) await Promise.all(this.workers.values());
  }

  /** Keys at work (running a batch or about to). */
  get size(): number {
    return this.workers.size;
  }
}
