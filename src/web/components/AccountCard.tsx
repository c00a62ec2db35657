import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '#shared/paths';
import { AuthCard } from '#web/components/AuthCard';
import { PageHead } from '#web/head/PageHead';
import { withOrigin } from '#web/lib/auth/origin';

/** The login and register pages: their titles, and the question that leads to the other one. */
const accountPages = {
  login: {
    title: 'Login',
    description:
      'Log in to Tribune to write articles, manage your subscription and read premium reporting.',
    other: { question: "Don't have an account?", page: 'register' },
  },
  register: {
    title: 'Register',
    description:
      'Create a free Tribune account to write for the paper and to subscribe to premium reporting.',
    other: { question: 'Already have an account?', page: 'login' },
  },
} as const;

/**
 * The login or register page's card: its head, its form, and under it the link to the other
 * page. `from` is where the reader came from: it travels along, so registering instead of
 * logging in (or the other way) also ends on that page.
 */
export function AccountCard(props: {
  page: keyof typeof accountPages;
  from: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const { title, description, other } = accountPages[props.page];
  return (
    <AuthCard title={title}>
      <PageHead title={title} description={description} path={paths[props.page]} />
      {props.children}
      <p className="mt-6 text-center text-sm text-ink-muted">
        {other.question}{' '}
        <Link
          to={withOrigin(paths[other.page], props.from)}
          state={location.state}
          className="font-semibold text-accent underline"
        >
          {accountPages[other.page].title}
        </Link>
      </p>
    </AuthCard>
  );
}
