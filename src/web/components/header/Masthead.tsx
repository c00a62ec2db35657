import { Link } from 'react-router';
import { siteName } from '../../../shared/site.js';
import { tagline } from '../../site';

const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });

/** The local calendar date as YYYY-MM-DD, for <time dateTime>. */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The paper's nameplate: the site name in large type, then a folio line with today's date. */
export function Masthead() {
  const today = new Date();
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
        <time dateTime={isoDate(today)}>{fullDate.format(today)}</time>
        <p className="font-serif text-sm font-normal tracking-normal normal-case italic">
          {tagline}
        </p>
      </div>
    </header>
  );
}
