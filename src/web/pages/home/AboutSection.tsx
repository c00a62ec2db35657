import { siteName } from '#shared/site';
import { SectionHeading } from '#web/components/SectionHeading';

/** The home page's short description of the newsroom (spec: a static text). */
export function AboutSection() {
  return (
    <section aria-labelledby="about-heading">
      <SectionHeading id="about-heading" title={`About ${siteName}`}>
        An independent paper, written by its readers and checked by its editors.
      </SectionHeading>
      <div className="gap-10 font-serif text-lg leading-relaxed md:columns-2 [&>p+p]:mt-4">
        <p className="first-letter:float-left first-letter:mr-2 first-letter:font-display first-letter:text-6xl first-letter:leading-none first-letter:font-black">
          {siteName} is an independent news site. No party, company or owner tells us what to cover,
          and no advertiser buys a place in the news. We gather reporting from newsrooms large and
          small: the council meeting down the road as well as the vote in the capital, the harbour
          and the high street as well as the markets and the courts.
        </p>
        <p>
          Anyone with a story can write for us. Reporters, specialists and readers who saw something
          happen send in their articles; before any of them appears, one of our editors reads it,
          checks what it claims and either publishes it or sends it back with a note saying what
          needs to change. Nothing reaches this page unread.
        </p>
        <p>
          Most of what we publish is free to read. Premium articles, the longer investigations and
          the analysis that takes weeks to report, are paid for by our premium readers, and their
          subscriptions keep the rest open to everyone.
        </p>
      </div>
    </section>
  );
}
