import { BodyBlocks, type BodyViewProps } from './BodyBlocks';

/*
 * The blocks carry no classes, so that feeds and mail get the same HTML from html.ts: the body
 * is styled from here, through its elements (the article page's type).
 */
const bodyClass = [
  'space-y-5 font-serif text-lg leading-relaxed text-ink/90 sm:text-xl',
  '[&_:is(h2,h3)]:scroll-mt-6 [&_:is(h2,h3)]:font-bold [&_:is(h2,h3)]:text-ink',
  '[&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:leading-snug sm:[&_h2]:text-3xl',
  '[&_h3]:pt-2 [&_h3]:text-xl [&_h3]:leading-snug sm:[&_h3]:text-2xl',
  '[&_a]:text-accent [&_a]:underline [&_a:hover]:text-accent-strong',
  '[&_blockquote]:space-y-3 [&_blockquote]:border-l-4 [&_blockquote]:border-rule [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_:is(ul,ol)]:space-y-2 [&_:is(ul,ol)]:pl-6 [&_li>*+*]:mt-2',
  '[&_figure_img]:h-auto [&_figure_img]:w-full [&_figure_img]:bg-rule',
  '[&_figcaption]:mt-2 [&_figcaption]:font-sans [&_figcaption]:text-sm [&_figcaption]:text-ink-muted',
  '[&_small]:text-xs [&_hr]:my-8 [&_hr]:border-rule',
].join(' ');

/** An article's body, from its document, in the article page's type. */
export function ArticleBodyView(props: BodyViewProps) {
  return (
    <div className={bodyClass}>
      <BodyBlocks {...props} />
    </div>
  );
}
