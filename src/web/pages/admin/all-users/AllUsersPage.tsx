import { toast } from '#web/components/toasts/toast';
import { Avatar } from '#web/components/Avatar';
import { errorMessage } from '#web/components/dialogs/alert';
import { QueryLoadError } from '#web/components/LoadError';
import { PageHeading } from '#web/components/PageHeading';
import { EmailAddress } from '#web/components/EmailAddress';
import { buttonClass } from '#web/components/ui/button';
import type { UserListItem } from '#shared/api/users';
import { useMakeAdmin, useUserList } from '#web/lib/api/admin';
import { Pager } from '#web/components/pager/Pager';
import { usePageInUrl } from '#web/pages/admin/usePageInUrl';
import { pageSizes } from '#shared/rules/limits';

const pageSize = pageSizes.admin;

/** Every account, newest first, three a page; an admin can promote anyone to admin. */
export function AllUsersPage() {
  const [page, setPage] = usePageInUrl();
  const query = useUserList(page, pageSize);
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));

  return (
    <section>
      <PageHeading>Users</PageHeading>
      <div className="mt-8">
        {query.isPending ? (
          <p role="status" className="text-ink-muted">
            Loading users…
          </p>
        ) : query.isError ? (
          <QueryLoadError what="the users" query={query} />
        ) : (
          <>
            {/* On a phone the email goes under the name, so the table fits and its action is
                in sight rather than past a sideways scroll. */}
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <thead className="border-b-2 border-ink">
                  <tr>
                    <th className="px-3 py-2">Profile Picture &amp; Name</th>
                    <th className="hidden px-3 py-2 sm:table-cell">Email</th>
                    <th className="px-3 py-2">Make Admin</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.users.map((user) => (
                    <UserRow key={user._id} user={user} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager steps="arrows" page={page} pageCount={pageCount} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}

function UserRow({ user }: { user: UserListItem }) {
  const makeAdmin = useMakeAdmin();

  function promote() {
    makeAdmin.mutate(user, {
      onSuccess: () => toast.success(`${user.name} is an admin now`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <tr className="border-b border-rule">
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <Avatar person={user} sizes="40px" className="size-10 shrink-0 text-sm" />
          <div className="min-w-0">
            <span className="font-semibold">{user.name}</span>
            <span className="block break-words text-ink-muted sm:hidden">
              <EmailAddress email={user.email} />
            </span>
          </div>
        </div>
      </td>
      <td className="hidden px-3 py-3 break-words sm:table-cell">
        <EmailAddress email={user.email} />
      </td>
      <td className="px-3 py-3">
        {user.isAdmin ? (
          <span className="font-semibold">Admin</span>
        ) : (
          <button
            type="button"
            disabled={makeAdmin.isPending}
            onClick={promote}
            className={buttonClass({ size: 'sm' })}
          >
            Make Admin
          </button>
        )}
      </td>
    </tr>
  );
}
