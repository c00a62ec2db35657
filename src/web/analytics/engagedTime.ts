/**
 * How long after the reader's last input a visible page still counts as read. Reading a
 * paragraph takes a while without touching anything, so a few seconds would undercount; a tab
 * left open in front of someone gone for coffee would count forever. Fifteen seconds is the
 * usual compromise, and needs no timer: time is settled whenever something happens.
 */
export const idleMs = 15_000;

/**
 * Engaged time: the time a page was visible and in use, that is with some input (scroll, key,
 * pointer, touch) in the last `idleMs`. Time is added up lazily, at each input, each change of
 * visibility and each reading, from the last moment it was settled.
 */
export function engagedTime(now: () => number = Date.now) {
  let engagedMs = 0;
  let settledAt = now();
  // Opening or coming back to the page is the reader's doing: it counts as input.
  let lastInputAt = settledAt;
  let visible = true;

  function settle() {
    const at = now();
    const activeUntil = Math.min(at, lastInputAt + idleMs);
    if (visible && activeUntil > settledAt) engagedMs += activeUntil - settledAt;
    settledAt = at;
  }

  return {
    input() {
      settle();
      lastInputAt = settledAt;
    },
    visibility(isVisible: boolean) {
      settle();
      visible = isVisible;
      if (isVisible) lastInputAt = settledAt;
    },
    /** Whole seconds engaged since the last reset. */
    seconds(): number {
      settle();
      return Math.round(engagedMs / 1000);
    },
    reset() {
      settle();
      engagedMs = 0;
    },
  };
}
export type EngagedTime = ReturnType<typeof engagedTime>;
