/**
 * `run`, made to run one call at a time: a call made while another is in progress starts once
 * that one has settled, succeeded or failed; with none in progress it starts at once, as a plain
 * call would. What each call resolves or rejects with is its own.
 *
 * For the flushes of what a process counts in memory (views, the search budget): the timer's
 * flush and another caller's must not both take the same pending counts, and a flush that finds
 * nothing pending must still not resolve before the writes of the one in progress are in.
 */
export function oneAtATime<A extends unknown[]>(
  run: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  let current: Promise<void> | undefined;
  return (...args) => {
    const next = current ? current.then(() => run(...args)) : run(...args);
    const settled: Promise<void> = next
      .catch(() => undefined)
      .finally(() => {
        if (current === settled) current = undefined;
      });
    current = settled;
    return next;
  };
}
