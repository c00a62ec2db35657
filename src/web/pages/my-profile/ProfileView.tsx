import { Pencil } from 'lucide-react';
import type { UserRecord } from '#shared/accounts';
import { Avatar } from '#web/components/Avatar';
import { buttonClass } from '#web/components/ui/button';

export function ProfileView({ user, onEdit }: { user: UserRecord; onEdit: () => void }) {
  return (
    <div className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
      <Avatar
        person={user}
        sizes="128px"
        alt={`Photo of ${user.name}`}
        className="size-32 text-4xl"
      />
      <div className="min-w-0 flex-1">
        <dl className="space-y-4">
          <div>
            <dt className="text-xs font-semibold tracking-widest text-ink-muted uppercase">Name</dt>
            <dd className="mt-1 font-serif text-2xl font-bold break-words">{user.name}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-widest text-ink-muted uppercase">
              Email
            </dt>
            <dd className="mt-1 text-lg break-words">{user.email}</dd>
          </div>
        </dl>
        <button type="button" onClick={onEdit} className={`${buttonClass()} mt-6`}>
          <Pencil aria-hidden className="size-4" />
          Update Profile
        </button>
      </div>
    </div>
  );
}
