/**
 * A task run when woken, one run at a time: a wake during a run runs it once more when that run
 * ends, however many wakes came meanwhile, so a wake is never lost and runs never overlap. A
 * failure goes to `onError`; the next wake (or timer) tries again. For the senders of the mail
 * queue and the newsletter's deliveries.
 */
export class WakeableRun {
  #running: Promise<void> | undefined;
  #again = false;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Runs now, or once more after the run in progress. */
  wake(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.run()
      .catch(this.onError)
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Waits for a run in progress, and drops a run asked for after it (before a close). */
  async idle(): Promise<void> {
    this.#again = false;
    await this.#running;
  }
}
