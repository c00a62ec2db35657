import { useState } from 'react';
import { NewsletterSignup } from '#web/components/newsletter/NewsletterSignup';
import { PublisherCheckboxes } from '#web/components/newsletter/PublisherCheckboxes';
import { PageHeading } from '#web/components/PageHeading';
import { PageHead } from '#web/head/PageHead';
import { usePublishers } from '#web/lib/api/publishers';
import { useFormOutcome } from '#web/lib/formOutcome';

/**
 * The newsletter's own page: the daily digest, and the publishers a reader may follow besides.
 * The footer's sign-up form posts here when the app's script is not running.
 */
export function NewsletterPage() {
  const outcome = useFormOutcome();
  const publishers = usePublishers();
  const [chosen, setChosen] = useState<string[]>([]);

  return (
    <div className="mx-auto max-w-2xl">
      <PageHead
        title="Newsletters"
        description="Tribune's daily digest by email, and the news of the publishers you follow."
      />
      <PageHeading>Newsletters</PageHeading>
      <p className="mt-4 text-lg">
        The daily digest brings the day’s new articles to your inbox each evening, with their
        openings and a link to the rest. Choose publishers too, and their new articles come in it.
        We send nothing until you confirm your address, and every newsletter says how to leave.
      </p>
      <div className="mt-8 border-t-4 border-ink bg-surface p-5 shadow-sm sm:p-8">
        <NewsletterSignup
          heading="Get the daily digest"
          publishers={chosen}
          initial={
            outcome && {
              message: outcome.message,
              refused: outcome.kind === 'refused',
              email: outcome.values.email,
            }
          }
        >
          {publishers.data && publishers.data.length > 0 && (
            <fieldset>
              <legend className="text-sm font-semibold">
                Follow publishers as well (optional)
              </legend>
              <PublisherCheckboxes
                names={publishers.data.map((p) => p.publisher)}
                chosen={chosen}
                onChange={setChosen}
                small
              />
            </fieldset>
          )}
        </NewsletterSignup>
      </div>
    </div>
  );
}
