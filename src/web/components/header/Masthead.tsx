import { Link } from 'react-router';
import { siteName } from '#shared/site';
import { useToday } from '#web/hooks/useToday';
import { tagline } from '#web/site';
import { HeaderSearch } from './HeaderSearch';

// `today` is a calendar day: formatted as that day in UTC, it reads the same in every time zone.
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/**
 * The paper's nameplate: the site name in large type, then a folio line with today's date, the
 * tagline and the search box.
 */
export function Masthead() {
  const today = useToday();
  return (
    <header className="page-wrap pt-6 sm:pt-10">
      <div className="text-center">
        <Link
          to="/"
          className="inline-block font-display text-6xl leading-none font-black tracking-tight sm:text-7xl lg:text-8xl"
        >
          {siteName}
        </Link>
      </div>
      <div className="mt-5 flex flex-col items-center gap-1 border-t border-ink py-2 text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase sm:mt-7 sm:flex-row sm:justify-between">
        <time dateTime={today}>{fullDate.format(new Date(`${today}T00:00:00Z`))}</time>
        <p className="font-serif text-sm font-normal tracking-normal normal-case italic">
          {tagline}
        </p>
        <HeaderSearch />
      </div>
    </header>
  );
}
