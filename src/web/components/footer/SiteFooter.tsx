import { Link } from 'react-router';
import { siteName } from '#shared/site';
import { useToday } from '#web/hooks/useToday';
import { NewsletterSignup } from '#web/components/newsletter/NewsletterSignup';
import { FacebookIcon, InstagramIcon, XIcon } from './SocialIcons';

const socialLinks = [
  { label: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { label: 'X', href: 'https://x.com/', Icon: XIcon },
  { label: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
];

export function SiteFooter() {
  const year = useToday().slice(0, 4);
  return (
    <footer className="mt-16 bg-ink text-paper">
      <div className="page-wrap flex flex-col items-center gap-6 py-10 text-center sm:flex-row sm:justify-between sm:text-left">
        <div>
          <Link
            to="/"
            className="font-display text-3xl font-black tracking-tight focus-visible:outline-paper"
          >
            {siteName}
          </Link>
          <p className="mt-2 text-sm text-paper/75">
            © {year} {siteName}. All rights reserved.
          </p>
        </div>
        <div className="w-full max-w-md">
          <NewsletterSignup variant="footer" heading="The day’s news in your inbox, each evening" />
        </div>
        <ul aria-label="Follow us" className="flex gap-3">
          {socialLinks.map(({ label, href, Icon }) => (
            <li key={label}>
              <a
                href={href}
                rel="noreferrer"
                aria-label={label}
                className="flex size-10 items-center justify-center rounded-full border border-paper/40 transition-colors hover:border-paper hover:bg-paper hover:text-ink focus-visible:outline-paper"
              >
                <Icon className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
