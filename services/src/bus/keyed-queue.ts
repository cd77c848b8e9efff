// Work taken in order and run at most `limit` at a time, the tasks of one key strictly one after another in the
// order they were taken: the judge-event consumer stores the events of different submissions at once (each in a
// transaction of its own) while one submission's events are still applied in the order the runner sent them.
export class KeyedQueue<K> {
  private readonly tails = new Map<K, Promise<void>>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`KeyedQueue: limit ${limit}`);
  }

  /**
   * Takes `task` once fewer than `limit` tasks are running or waiting (resolves then); it starts when the previous
   * task of `key` has ended. A task's rejection is its own business: it is swallowed here.
   */
  async take(key: K, task: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    const prev = this.tails.get(key);
    const done = (prev ?? Promise.resolve()).then(task).then(
      () => undefined,
      () => undefined,
    );
    // Forgotten before anyone waiting on it (take's race, idle) resumes.
    const tracked = done.then(() => {
      this.running.delete(tracked);
      if (this.tails.get(key) === tracked) this.tails.delete(key);
    });
    this.tails.set(key, tracked);
    this.running.add(tracked);
  }

  /** Resolves once every task taken so far has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Tasks taken and not ended (running or waiting for their key). */
  get size(): number {
    return this.running.size;
  }
}
