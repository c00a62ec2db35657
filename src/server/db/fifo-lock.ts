/** A lock that wakes exactly the longest waiter when released. */
export class FifoLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the lock straight to the next waiter, if any, so nobody can slip in between. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}
