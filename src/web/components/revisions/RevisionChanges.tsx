import { useMemo } from 'react';
import { diffBodies } from '#shared/article-body/diff';
import { plainTextToBody } from '#shared/article-body/plain-text';
import type { Article } from '#shared/articles';
import {
  changedFields,
  revisionFields,
  type ArticleRevision,
  type RevisionField,
} from '#shared/revisions';
import { RevisionDiff } from '#web/components/article-body/RevisionDiff';
import { ArticleImage } from '#web/components/articles/ArticleImage';

const fieldLabels: Record<RevisionField, string> = {
  name: 'Title',
  publisher: 'Publisher',
  tags: 'Tags',
  image: 'Image',
  description: 'Description',
};

interface Props {
  /** The article as readers see it now, with its whole text. */
  live: Article;
  revision: ArticleRevision;
  /** The level of each field's heading, one below the heading the changes are under. */
  headingLevel: 3 | 4;
}

/**
 * What an edit of a published article changes, as the editor reviewing it and its author see
 * it: each changed field's published value beside the edited one (one above the other on a
 * narrow screen), the text as a diff of the two bodies (RevisionDiff), and the fields left as
 * they were.
 */
export function RevisionChanges({ live, revision, headingLevel }: Props) {
  // A body missing from an answer is its text's paragraphs, as the API makes it of a description.
  const liveBody = useMemo(() => live.body ?? plainTextToBody(live.description), [live]);
  const revisionBody = useMemo(
    () => revision.body ?? plainTextToBody(revision.description),
    [revision],
  );
  const diff = useMemo(() => diffBodies(liveBody, revisionBody), [liveBody, revisionBody]);
  // The text has changed when the diff shows it: a change of formatting alone leaves the
  // description, its plain text, as it was.
  const changed: RevisionField[] = changedFields(live, revision).filter(
    (field) => field !== 'description',
  );
  if (diff.changed) changed.push('description');
  const unchanged = revisionFields.filter((field) => !changed.includes(field));
  const Heading = `h${headingLevel}` as const;

  return (
    <>
      <div className="space-y-5">
        {changed.map((field) => (
          <div key={field} role="group" aria-label={`${fieldLabels[field]} changed`}>
            <Heading className="text-xs font-semibold tracking-widest text-ink-muted uppercase">
              {fieldLabels[field]}
            </Heading>
            {field === 'description' ? (
              // A long text scrolls in its box, both columns together, and the keyboard can
              // scroll it too.
              <div
                tabIndex={0}
                role="group"
                aria-label="The text, published and edited"
                className="mt-2 max-h-[70vh] overflow-y-auto rounded-sm border border-rule p-3"
              >
                <RevisionDiff
                  live={liveBody}
                  revision={revisionBody}
                  diff={diff}
                  // Whose links are followed matters to search engines, which never see this.
                  authorIsAdmin={false}
                />
              </div>
            ) : (
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <Version label="Published" field={field} content={live} />
                <Version label="Edit" field={field} content={revision} />
              </div>
            )}
          </div>
        ))}
      </div>
      {unchanged.length > 0 && (
        <p className="mt-4 text-sm text-ink-muted">
          Unchanged: {unchanged.map((field) => fieldLabels[field]).join(', ')}
        </p>
      )}
    </>
  );
}

/** One side of a changed field other than the text: the published value or the edited one. */
function Version({
  label,
  field,
  content,
}: {
  label: 'Published' | 'Edit';
  field: Exclude<RevisionField, 'description'>;
  content: Pick<ArticleRevision, RevisionField | 'imageSrcset'>;
}) {
  return (
    <div
      className={
        label === 'Edit'
          ? 'border-l-4 border-violet-400 bg-violet-50 px-3 py-2'
          : 'border-l-4 border-rule bg-paper px-3 py-2'
      }
    >
      <p className="text-xs font-semibold text-ink-muted">{label}</p>
      {field === 'image' ? (
        <ArticleImage
          src={content.image}
          srcSet={content.imageSrcset}
          sizes="20rem"
          // Seen at once: the queue heads its page, and the author's changes fill their dialog.
          priority="auto"
          alt={`${label} image`}
          width={320}
          height={180}
          className="mt-1 aspect-video w-full max-w-xs object-cover"
        />
      ) : (
        <p className="mt-1 font-serif">
          {field === 'tags' ? content.tags.join(', ') : content[field]}
        </p>
      )}
    </div>
  );
}
