import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './escape-markup.js';

const awkward = `Tom's "quoted" <b>bold</b> & more`;

describe('escapeMarkup', () => {
  it('leaves no character that could open a tag, an entity or end an attribute', () => {
    expect(escapeMarkup(awkward)).toBe(
      'Tom&#39;s &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more',
    );
  });

  it('reads back as the same text in XML, in an element and in an attribute either quote', () => {
    const escaped = escapeMarkup(awkward);
    const xml = `<feed><title>${escaped}</title><link a="${escaped}" b='${escaped}'/></feed>`;
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      htmlEntities: true,
    }).parse(xml) as { feed: { title: string; link: { a: string; b: string } } };
    expect(parsed.feed).toEqual({ title: awkward, link: { a: awkward, b: awkward } });
  });
});
