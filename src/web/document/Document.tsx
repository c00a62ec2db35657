import type { ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import { siteName } from '#shared/site';
import { rssPath } from '#shared/paths';
import { pageStateId } from './pageState';

interface Props {
  styles: string[];
  /** The page state's JSON (pageStateJson), the same text on the server and in the browser. */
  stateJson: string;
  /** Modules the browser should fetch at once (server only: they are no part of the tree). */
  preloads?: string[];
  children: ReactNode;
}

/**
 * The whole HTML document, rendered by React on the server and hydrated whole in the browser.
 * Each page adds its own title, description and other head tags (head/PageHead.tsx), which
 * React places in <head>. The app's script is added by the server's renderer.
 */
export function Document({ styles, stateJson, preloads = [], children }: Props) {
  for (const href of preloads) preloadModule(href, { as: 'script' });
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f4ec" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="alternate" type="application/rss+xml" title={siteName} href={rssPath} />
        {/* A stylesheet with a precedence is one of React's resources: it goes at the top of
            the head, before the scripts' preloads, so the browser asks for it first (on
            HTTP/1.1 a page's first six requests are all it makes at once). */}
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
      </head>
      <body>
        {children}
        <script
          type="application/json"
          id={pageStateId}
          dangerouslySetInnerHTML={{ __html: stateJson }}
        />
      </body>
    </html>
  );
}
