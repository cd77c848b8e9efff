// REST polling while the socket is down (or a topic is refused): the live-topic engine starts and stops a watcher's
// `FallbackPoll`. `every` polls one watcher on its own timer; a `PollGroup` polls all its active members in one
// request per tick (the status of every submission being judged), with an optional budget of polls.

export interface FallbackPoll {
  start(): void;
  stop(): void;
}

/** Runs `run` every `intervalMs` while started; a run still in flight is not overlapped. */
export function every(intervalMs: number, run: () => Promise<void>): FallbackPoll {
  let timer: ReturnType<typeof setInterval> | null = null;
  let busy = false;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        run().finally(() => (busy = false));
      }, intervalMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export interface PollGroupOptions<K> {
  intervalMs: number;
  /** Polls every tick at most this many times; adding a new member starts the count again. */
  maxPolls?: number;
  /** Polls the active members; answers false when none of them needed it (the group then rests until a new start). */
  run(keys: K[]): Promise<boolean>;
}

export class PollGroup<K> {
  private readonly active = new Set<K>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private polls = 0;

  constructor(private readonly opts: PollGroupOptions<K>) {}

  /** The poll of one member, for a watcher's `poll` option. */
  member(key: K): FallbackPoll {
    return { start: () => this.start(key), stop: () => this.stop(key) };
  }

  /** A new member restarts the poll budget. */
  resetBudget(): void {
    this.polls = 0;
  }

  private start(key: K): void {
    this.active.add(key);
    this.arm();
  }

  private stop(key: K): void {
    this.active.delete(key);
    if (this.active.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private arm(): void {
    if (this.timer || this.active.size === 0 || this.polls >= (this.opts.maxPolls ?? Infinity)) return;
    this.timer = setTimeout(() => {
      void this.opts
        .run([...this.active])
        .catch(() => true)
        .then((polled) => {
          this.timer = null;
          if (!polled) return;
          this.polls++;
          this.arm();
        });
    }, this.opts.intervalMs);
  }
}
