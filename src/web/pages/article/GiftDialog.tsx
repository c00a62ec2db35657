import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { Article } from '#shared/articles';
import { giftBrowserLimit, giftLifetimeDays } from '#shared/rules/gifts';
import { buttonClass } from '#web/components/ui/button';
import { DialogTitleBar } from '#web/components/ui/DialogTitleBar';
import { ModalDialog } from '#web/components/ui/ModalDialog';
import { formatDate } from '#web/lib/formatDate';
import { giftKeys, giveArticle } from '#web/lib/api/gifts';

interface Props {
  article: Article;
  onClose: () => void;
}

/**
 * Makes the reader's gift link of the article as it opens (their live one again, if they have
 * one: it is not counted twice) and shows it with a Copy button, its expiry, and how many gift
 * links they have left this month; or why the server refused one.
 */
export default function GiftDialog({ article, onClose }: Props) {
  const queryClient = useQueryClient();
  const give = useMutation({
    mutationFn: () => giveArticle(article._id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftKeys.all }),
  });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    give.mutate();
  }, [give]);
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const link = give.data;

  async function copy() {
    if (!link) return;
    await navigator.clipboard.writeText(link.url);
    setCopied(true);
  }

  return (
    <ModalDialog onClose={onClose}>
      <DialogTitleBar>Share as a gift</DialogTitleBar>
      <Dialog.Description className="mt-1 text-sm text-ink-muted">
        Anyone with this link can read “{article.name}” in full without an account, for{' '}
        {giftLifetimeDays} days, in up to {giftBrowserLimit} browsers.
      </Dialog.Description>
      <div className="mt-5">
        {link ? (
          <>
            <label htmlFor={inputId} className="text-sm font-semibold">
              Gift link
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={inputId}
                readOnly
                value={link.url}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 rounded-sm border border-rule bg-paper px-3 py-2 text-sm"
              />
              <button type="button" onClick={() => void copy()} className={buttonClass()}>
                {copied ? (
                  <Check aria-hidden className="size-4" />
                ) : (
                  <Copy aria-hidden className="size-4" />
                )}
                {copied ? 'Copied' : 'Copy'}
              </button>
            </div>
            <p role="status" className="mt-3 text-sm text-ink-muted">
              {copied && <span className="sr-only">Link copied. </span>}
              Expires <time dateTime={link.expiresAt}>{formatDate(link.expiresAt)}</time>.{' '}
              {link.giftsLeft} of {link.giftsPerMonth} gift links left this month.
            </p>
          </>
        ) : give.isError ? (
          <p role="alert" className="text-accent">
            {give.error.message}
          </p>
        ) : (
          <p role="status" className="text-ink-muted">
            Making your gift link…
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
