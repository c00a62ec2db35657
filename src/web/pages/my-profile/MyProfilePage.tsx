import { useEffect, useRef, useState } from 'react';
import { PageHeading } from '#web/components/PageHeading';
import { VerifyEmailNotice } from '#web/components/VerifyEmailNotice';
import { useAuth } from '#web/lib/auth/authContext';
import { GiftLinks } from './GiftLinks';
import { NewsletterSetting } from './NewsletterSetting';
import { NoticesSetting } from './NoticesSetting';
import { PremiumStatus } from './PremiumStatus';
import { ProfileForm } from './ProfileForm';
import { ProfileView } from './ProfileView';

/** The signed-in user's name, email and photo; Update Profile switches to the edit form. */
export function MyProfilePage() {
  const auth = useAuth();
  const [editing, setEditing] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  const switchTo = (edit: boolean) => {
    switched.current = true;
    setEditing(edit);
  };
  useEffect(() => {
    // The button pressed went away with the view or the form it was in: focus goes to the first
    // control of what replaced it (the name, or Update Profile), not back to the top of the page.
    if (!switched.current) return;
    panel.current
      ?.querySelector<HTMLElement>(editing ? 'input:not([disabled])' : 'button')
      ?.focus();
  }, [editing]);
  // The sign-in guard renders this page for signed-in users only.
  if (auth.status !== 'signedIn') return null;

  return (
    <section className="max-w-2xl">
      <PageHeading>My Profile</PageHeading>
      <VerifyEmailNotice className="mt-6" />
      <div ref={panel} className="mt-8 border border-rule bg-surface p-5 sm:p-8">
        {editing ? (
          // Leaving edit mode unmounts the form: whatever was typed and not saved is dropped,
          // and the next edit starts again from the saved values.
          <ProfileForm user={auth.user} onDone={() => switchTo(false)} />
        ) : (
          <ProfileView user={auth.user} onEdit={() => switchTo(true)} />
        )}
        <NoticesSetting on={auth.user.emailNotices} />
      </div>
      <PremiumStatus user={auth.user} />
      <NewsletterSetting />
      <GiftLinks />
    </section>
  );
}
