/**
 * Which toolbar button takes focus after a key, in the roving-tabindex pattern: the arrows move
 * to the next or previous button and wrap around, Home and End go to the first and last. Null
 * for any other key, which the toolbar leaves alone.
 */
export function nextIndex(current: number, key: string, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
