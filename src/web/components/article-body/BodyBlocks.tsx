import { Fragment, type ReactNode } from 'react';
import { isImageAddress } from '#shared/article-body/addresses';
import { headingIds } from '#shared/article-body/headings';
import {
  bodyImageSizes,
  hasMark,
  inlineRuns,
  isShown,
  linkRel,
  type BodyRenderOptions,
} from '#shared/article-body/rendering';
import type {
  ArticleBody,
  BodyBlock,
  BodyHeading,
  BodyImage,
  BodyText,
} from '#shared/article-body/schema';
import { ArticleImage } from '#web/components/articles/ArticleImage';

/*
 * An article's body as React elements: every node is one of our elements and every text a
 * React text, so nothing an author writes becomes markup, let alone a script. The server's
 * html.ts writes the same HTML for feeds and mail (BodyHtml.test.tsx compares them).
 */

interface Context extends BodyRenderOptions {
  ids: Map<BodyHeading, string>;
}

export interface BodyViewProps extends BodyRenderOptions {
  body: ArticleBody;
  /** Headings get ids to link to (the default); a page showing the same body twice (an edit's
   * review beside the published text, or several in a queue) leaves them out, as ids must be
   * unique on a page. */
  anchors?: boolean;
}

/** The body's blocks, without a wrapper (ArticleBodyView styles them). */
export function BodyBlocks({ body, anchors = true, ...options }: BodyViewProps) {
  const context: Context = { ...options, ids: anchors ? headingIds(body) : new Map() };
  return <Blocks blocks={body.content} context={context} />;
}

function Blocks({ blocks, context }: { blocks: BodyBlock[]; context: Context }) {
  return blocks
    .filter(isShown)
    .map((block, index) => <Block key={index} block={block} context={context} />);
}

function Block({ block, context }: { block: BodyBlock; context: Context }) {
  switch (block.type) {
    case 'paragraph':
      return (
        <p>
          <Inline content={block.content} context={context} />
        </p>
      );
    case 'heading': {
      const Tag = block.attrs.level === 2 ? 'h2' : 'h3';
      return (
        <Tag id={context.ids.get(block)}>
          <Inline content={block.content} context={context} />
        </Tag>
      );
    }
    case 'blockquote':
      return (
        <blockquote>
          <Blocks blocks={block.content} context={context} />
        </blockquote>
      );
    case 'bulletList':
    case 'orderedList': {
      const List = block.type === 'bulletList' ? 'ul' : 'ol';
      return (
        <List>
          {block.content.map((item, index) => (
            <li key={index}>
              <Blocks blocks={item.content} context={context} />
            </li>
          ))}
        </List>
      );
    }
    case 'image':
      return <Figure image={block} context={context} />;
    case 'horizontalRule':
      return <hr />;
  }
}

function Figure({ image, context }: { image: BodyImage; context: Context }) {
  const { src, alt, caption, credit } = image.attrs;
  // The schema takes only our store's addresses; a stored body is checked again all the same.
  if (!isImageAddress(src)) return null;
  const size = context.imageSize?.(src) ?? null;
  return (
    <figure>
      <ArticleImage
        src={src}
        alt={alt}
        width={size?.width}
        height={size?.height}
        srcSet={size?.srcset ?? null}
        sizes={bodyImageSizes}
      />
      {(caption || credit) && (
        <figcaption>
          {caption}
          {caption && credit && ' '}
          {credit && <small>Credit: {credit}</small>}
        </figcaption>
      )}
    </figure>
  );
}

function Inline({ content, context }: { content?: BodyText[]; context: Context }) {
  return inlineRuns(content).map((run, index) => {
    const nodes = run.nodes.map((node, at) => <Text key={at} node={node} />);
    return run.href === null ? (
      <Fragment key={index}>{nodes}</Fragment>
    ) : (
      <a key={index} href={run.href} rel={linkRel(context.authorIsAdmin)}>
        {nodes}
      </a>
    );
  });
}

/** A text with its marks; a line break in it is a `<br>`. */
function Text({ node }: { node: BodyText }) {
  let element: ReactNode = node.text
    .split('\n')
    .flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
  if (hasMark(node, 'italic')) element = <em>{element}</em>;
  if (hasMark(node, 'bold')) element = <strong>{element}</strong>;
  return element;
}
