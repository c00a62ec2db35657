/**
 * Structured data for search engines: a `<script type="application/ld+json">`, which browsers
 * never run (so the Content-Security-Policy has nothing to block). Every `<` is escaped, so no
 * text in the data (a headline with "</script>") can close the element early.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
