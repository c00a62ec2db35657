import { ChevronDown, LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { UserRecord } from '#shared/accounts';
import { useLogout } from '#web/lib/auth/useLogout';
import { Avatar } from '#web/components/Avatar';
import { paths } from '#shared/paths';

const links = [
  { label: 'My Articles', to: paths.myArticles },
  { label: 'Add Article', to: paths.addArticle },
  { label: 'Subscription', to: paths.subscription },
  { label: 'My Profile', to: paths.myProfile },
  { label: 'My Dashboard', to: paths.admin.dashboard, adminOnly: true },
];

const itemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm font-medium text-ink outline-none select-none data-highlighted:bg-ink data-highlighted:text-paper';

/** The signed-in reader's avatar, opening a menu of their pages and Logout. */
export default function AccountMenu({ user, isAdmin }: { user: UserRecord; isAdmin: boolean }) {
  const logout = useLogout();
  return (
    // Not modal: a modal menu hides the page from screen readers (aria-hidden) while its links
    // can still take focus, which axe reports; the menu still closes on Escape, outside clicks
    // and Tab, and gives focus back to the avatar. Drawn in place rather than in a portal at
    // the end of <body>, so that it stays within the navigation landmark.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={user.name}
        title={user.name}
        className="flex shrink-0 items-center gap-1 rounded-full p-0.5 text-ink hover:text-accent focus-visible:outline-offset-1 data-[state=open]:text-accent"
      >
        <Avatar person={user} sizes="36px" className="size-9 text-sm" />
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className="z-50 min-w-56 rounded-sm border border-ink/20 bg-surface p-1 shadow-lg"
      >
        <DropdownMenu.Label className="px-3 py-2">
          <span className="block font-serif text-base font-bold text-ink">{user.name}</span>
          <span className="block truncate text-xs text-ink-muted">{user.email}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-rule" />
        {links
          .filter((link) => !link.adminOnly || isAdmin)
          .map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={itemClass}>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenu.Item>
          ))}
        <DropdownMenu.Separator className="my-1 h-px bg-rule" />
        <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
          <LogOut aria-hidden className="size-4" />
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
