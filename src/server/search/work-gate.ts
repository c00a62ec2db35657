/** How much work a gate lets in: at once, waiting, and for how long one may wait. */
export interface GateLimits {
  /** Pieces of work under way at once. */
  running: number;
  /** Pieces of work waiting their turn; one more is refused at once. */
  waiting: number;
  /** The longest a piece of work waits for its turn before it is refused. */
  waitMs: number;
}

interface Waiter {
  start(): void;
  refuse(): void;
  timer: NodeJS.Timeout;
}

/**
 * Lets a bounded amount of one kind of work run at once, and refuses what would wait too long
 * rather than queueing it without end. Past its capacity a queue only grows: every request
 * waits for all those before it, so everyone's wait grows by the second and every waiting
 * request keeps its memory alive (a flood of site searches once kept 880 MiB and answered in
 * 35 s). Refused at once, a reader is told to try again in a moment, and those let in are
 * answered in the time their work takes.
 *
 * Waiting is first come, first served; `refusal` makes the error each refused caller gets.
 */
export class WorkGate {
  #running = 0;
  /** In arrival order (a Set keeps it, and drops a waiter that gives up at once). */
  readonly #waiting = new Set<Waiter>();

  constructor(
    private readonly limits: GateLimits,
    private readonly refusal: () => Error,
  ) {}

  /** `work`'s result once its turn comes; refused when the queue is full or the wait too long. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.limits.running) return this.#start(work);
    if (this.#waiting.size >= this.limits.waiting) return Promise.reject(this.refusal());
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => this.#start(work).then(resolve, reject),
        refuse: () => reject(this.refusal()),
        timer: setTimeout(() => {
          this.#waiting.delete(waiter);
          waiter.refuse();
        }, this.limits.waitMs),
      };
      this.#waiting.add(waiter);
    });
  }

  /** Work under way and waiting now (what the tests check). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.size };
  }

  async #start<T>(work: () => Promise<T>): Promise<T> {
    this.#running += 1;
    try {
      return await work();
    } finally {
      this.#running -= 1;
      this.#next();
    }
  }

  #next(): void {
    const first = this.#waiting.values().next();
    if (first.done) return;
    const waiter = first.value;
    this.#waiting.delete(waiter);
    clearTimeout(waiter.timer);
    waiter.start();
  }
}
