import { SectionHeading } from '#web/components/SectionHeading';
import { useTrendingArticles } from '#web/lib/api/trending';
import { QueryResult } from '#web/components/QueryResult';
import { slideClass, TrendingCarousel } from './TrendingCarousel';

const headingId = 'trending-heading';

/** The top of the front page: the most read articles in a carousel. */
export function TrendingSection() {
  return (
    // Unnamed on purpose: the carousel inside is the region named by this heading.
    <section>
      <SectionHeading id={headingId} title="Trending">
        The stories our readers are opening most right now.
      </SectionHeading>
      <TrendingContent />
    </section>
  );
}

function TrendingContent() {
  return (
    <QueryResult
      query={useTrendingArticles()}
      what="trending articles"
      // As tall as the cards, so the sections below do not jump when they arrive.
      placeholder={
        <div aria-hidden="true" className="mt-13 -ml-4 flex overflow-hidden">
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className={slideClass}>
              <div className="border border-rule bg-surface">
                <div className="aspect-video bg-ink/10 motion-safe:animate-pulse" />
                <div className="space-y-3 p-5">
                  <div className="h-3 w-1/3 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
                  <div className="h-6 w-4/5 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
                  <div className="h-4 w-full rounded-sm bg-ink/10 motion-safe:animate-pulse" />
                  <div className="h-8 w-20 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
                </div>
              </div>
            </div>
          ))}
        </div>
      }
    >
      {(articles) =>
        articles.length === 0 ? (
          <p className="border border-dashed border-rule px-6 py-10 text-center font-serif text-lg text-ink-muted italic">
            No trending articles yet. The most read stories appear here once articles are published.
          </p>
        ) : (
          <TrendingCarousel articles={articles} labelledBy={headingId} />
        )
      }
    </QueryResult>
  );
}
