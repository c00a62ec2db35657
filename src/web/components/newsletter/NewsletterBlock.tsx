import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { NewsletterSignup } from './NewsletterSignup';

/**
 * The newsletter's sign-up as a block within a page (the home page, after an article, a
 * newsletter's web version), under its own heading: the footer's form is on the same page.
 */
export function NewsletterBlock({ heading, className }: { heading: string; className?: string }) {
  return (
    <div className={className}>
      <NewsletterSignup variant="block" heading={heading}>
        <p className="text-ink-muted">
          The day’s new articles in your inbox each evening, with their openings. We send nothing
          until you confirm your address, and every newsletter says how to leave.{' '}
          <Link to={paths.newsletter} className="text-accent underline">
            Follow publishers too
          </Link>
        </p>
      </NewsletterSignup>
    </div>
  );
}
