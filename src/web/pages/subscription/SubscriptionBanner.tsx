import { Crown } from 'lucide-react';

/** The page's banner: what premium is, in the paper's voice. */
export function SubscriptionBanner() {
  return (
    <header className="relative overflow-hidden bg-ink px-6 py-12 text-paper sm:px-12 sm:py-16">
      <Crown aria-hidden className="absolute -right-6 -bottom-8 size-48 text-paper/10" />
      <p className="text-xs font-semibold tracking-[0.3em] text-amber-300 uppercase">
        Tribune Premium
      </p>
      <h1 className="mt-3 max-w-2xl font-display text-4xl leading-tight font-black sm:text-5xl">
        Read every story, without limits
      </h1>
      <p className="mt-4 max-w-xl font-serif text-lg text-paper/80">
        Premium opens our in-depth reporting and lets you publish as often as you like. Pick a
        period, pay by card, and start reading at once.
      </p>
    </header>
  );
}
