import { useState } from 'react';
import type { Publisher } from '#shared/publisher';
import { usePublishers } from '#web/lib/api/publishers';
import { SectionHeading } from '#web/components/SectionHeading';
import { QueryResult } from '#web/components/QueryResult';

const gridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6';
const cardClass = 'flex h-full flex-col items-center gap-3 border border-rule bg-surface p-4';
const skeletonCount = 6;

/** The home page's grid of publishers: logo and name. */
export function PublishersSection() {
  return (
    <section aria-labelledby="publishers-heading">
      <SectionHeading id="publishers-heading" title="Publishers">
        The newsrooms whose reporting you read on Tribune.
      </SectionHeading>
      <PublishersContent />
    </section>
  );
}

function PublishersContent() {
  return (
    <QueryResult query={usePublishers()} what="publishers" placeholder={<PublishersPlaceholder />}>
      {(publishers) =>
        publishers.length === 0 ? (
          <p className="border border-dashed border-rule px-6 py-10 text-center font-serif text-lg text-ink-muted italic">
            No publishers yet. They appear here as soon as an editor adds them.
          </p>
        ) : (
          <ul className={gridClass}>
            {publishers.map((publisher) => (
              <li key={publisher._id}>
                <PublisherCard publisher={publisher} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryResult>
  );
}

/** Grey cards in the publishers' place while they load. */
function PublishersPlaceholder() {
  return (
    <ul aria-hidden="true" className={gridClass}>
      {Array.from({ length: skeletonCount }, (_, index) => (
        <li key={index} className={cardClass}>
          <div className="h-16 w-full rounded-sm bg-ink/10 motion-safe:animate-pulse" />
          <div className="h-4 w-3/4 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
        </li>
      ))}
    </ul>
  );
}

function PublisherCard({ publisher }: { publisher: Publisher }) {
  return (
    <div className={cardClass}>
      {/* Keyed by URL so a changed logo gets a fresh try after a failed one. */}
      <PublisherLogo key={publisher.publisherLogo} publisher={publisher} />
      <p className="text-center font-serif leading-snug font-semibold">{publisher.publisher}</p>
    </div>
  );
}

/** A logo is drawn whole, 64 px high (h-16), in a card's width. */
const logoHeight = 64;
/** The widest a card's inside gets: two columns on a screen just under 640 px. */
const widestLogo = 260;

/**
 * How wide the logo is drawn, for the browser to pick a stored width from its srcset: as wide as
 * its shape makes it at the logo's height, at most the widest card. A square logo is drawn 64 px
 * wide, and a phone fetches its 160 px copy rather than the whole upload.
 */
function logoSizes(size: Publisher['publisherLogoSize']): string {
  const drawn = size ? Math.ceil((logoHeight * size.width) / size.height) : widestLogo;
  return `${Math.min(drawn, widestLogo)}px`;
}

/** The logo, or the name's initial when the image cannot be loaded. */
function PublisherLogo({ publisher }: { publisher: Publisher }) {
  const { publisherLogo: src, publisherLogoSrcset: srcSet, publisher: name } = publisher;
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        aria-hidden="true"
        className="flex h-16 w-full items-center justify-center font-display text-4xl font-black text-ink-muted"
      >
        {name.charAt(0).toUpperCase()}
      </div>
    );
  }
  // The name is printed right below, so the logo is decorative (empty alt).
  return (
    <img
      src={src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? logoSizes(publisher.publisherLogoSize) : undefined}
      alt=""
      width={160}
      height={logoHeight}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="h-16 w-full object-contain"
    />
  );
}
