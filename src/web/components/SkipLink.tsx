/** The first thing a keyboard user reaches: jumps past the masthead and nav to the page. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-sm bg-ink px-4 py-2 text-sm font-semibold text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to content
    </a>
  );
}
