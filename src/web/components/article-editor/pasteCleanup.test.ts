// @vitest-environment happy-dom
import { Editor, type JSONContent } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { articleExtensions } from './extensions';

/**
 * Clipboard fragments pasted into the editor through ProseMirror's own paste path (the
 * transformPastedHTML hook, then the schema), as a browser hands them over.
 */

const allowedNodes = new Set([
  'doc',
  'paragraph',
  'heading',
  'text',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'image',
  'horizontalRule',
]);
const allowedMarks = new Set(['bold', 'italic', 'link']);

// Every editor a test made is destroyed after it. A view's DOM observer, stopped with changes
// still queued, reads them 20 ms later (prosemirror-view): the test waits for that while the
// simulated document is still there, or it would throw once the file's environment is gone.
const editors: Editor[] = [];
afterEach(async () => {
  for (const editor of editors.splice(0)) editor.destroy();
  await new Promise((resolve) => setTimeout(resolve, 40));
});

function paste(html: string): JSONContent {
  const editor = new Editor({ extensions: articleExtensions() });
  editors.push(editor);
  editor.view.pasteHTML(html);
  return editor.getJSON();
}

/** Every node and mark in the document, depth first, with the hrefs of its links. */
function inventory(doc: JSONContent) {
  const nodes = new Set<string>();
  const marks = new Set<string>();
  const hrefs: string[] = [];
  const visit = (node: JSONContent) => {
    nodes.add(node.type!);
    for (const mark of node.marks ?? []) {
      marks.add(mark.type);
      if (mark.type === 'link') hrefs.push(String(mark.attrs?.href));
      expect(Object.keys(mark.attrs ?? {})).toEqual(mark.type === 'link' ? ['href'] : []);
    }
    node.content?.forEach(visit);
  };
  visit(doc);
  return { nodes, marks, hrefs };
}

function expectOnlyAllowed(doc: JSONContent) {
  const { nodes, marks, hrefs } = inventory(doc);
  for (const node of nodes) expect(allowedNodes).toContain(node);
  for (const mark of marks) expect(allowedMarks).toContain(mark);
  for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:)/);
}

/** The document as lines of "type: text", one a block, nested blocks indented. */
function outline(doc: JSONContent): string[] {
  const lines: string[] = [];
  const visit = (node: JSONContent, depth: number) => {
    const inline = node.content?.every((child) => child.type === 'text');
    if (inline || !node.content) {
      const level = node.attrs?.level ? String(node.attrs.level) : '';
      const text = node.content?.map((child) => child.text).join('') ?? '';
      lines.push(`${'  '.repeat(depth)}${node.type}${level}${text ? `: ${text}` : ''}`);
      return;
    }
    if (node.type !== 'doc') lines.push(`${'  '.repeat(depth)}${node.type}`);
    for (const child of node.content) visit(child, node.type === 'doc' ? depth : depth + 1);
  };
  visit(doc, 0);
  return lines;
}

describe('pasting into the article editor', () => {
  it('keeps a Google Docs copy’s headings, marks, lists and links, not its wrapper', () => {
    const doc = paste(
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c">' +
        '<h1 dir="ltr"><span style="font-size:20pt;font-weight:400">The title</span></h1>' +
        '<p dir="ltr"><span style="font-weight:400">Plain, </span>' +
        '<span style="font-weight:700">strong</span><span style="font-weight:400"> and </span>' +
        '<span style="font-style:italic;font-weight:400">slanted</span>' +
        '<span style="font-weight:400"> with a </span>' +
        '<a href="https://www.google.com/url?q=https://example.com" style="text-decoration:none">' +
        '<span style="color:#1155cc;text-decoration:underline">link</span></a>.</p>' +
        '<br><h3 dir="ltr"><span>Section</span></h3>' +
        '<ul><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span>One</span></p></li>' +
        '<li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span>Two</span></p></li></ul>' +
        '<p dir="ltr"><span><img src="https://lh7-rt.googleusercontent.com/docsz/abc" width="300"></span></p>' +
        '</b>',
    );
    expectOnlyAllowed(doc);
    expect(outline(doc)).toEqual([
      'heading2: The title',
      'paragraph: Plain, strong and slanted with a link.',
      'heading3: Section',
      'bulletList',
      '  listItem',
      '    paragraph: One',
      '  listItem',
      '    paragraph: Two',
      'paragraph',
    ]);
    const { marks, hrefs } = inventory(doc);
    expect([...marks].sort()).toEqual(['bold', 'italic', 'link']);
    expect(hrefs).toEqual(['https://www.google.com/url?q=https://example.com']);
    // The "font-weight:normal" wrapper made nothing bold.
    const paragraph = doc.content![1]!.content!;
    expect(paragraph.filter((text) => text.marks?.some((mark) => mark.type === 'bold'))).toEqual([
      { type: 'text', text: 'strong', marks: [{ type: 'bold' }] },
    ]);
  });

  it('makes Word’s list paragraphs into lists and drops its o:p, markers and styles', () => {
    const doc = paste(
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>' +
        'p.MsoNormal{margin:0cm;font-family:Calibri}</style></head><body lang=EN-GB>' +
        '<p class=MsoNormal><b>Bold</b> and <i>italic</i> text<o:p></o:p></p>' +
        '<p class=MsoNormal><o:p>&nbsp;</o:p></p>' +
        '<p class=MsoListParagraphCxSpFirst style="text-indent:-18.0pt;mso-list:l0 level1 lfo1">' +
        '<![if !supportLists]><span style="font-family:Symbol"><span style="mso-list:Ignore">·' +
        '<span style="font:7.0pt \'Times New Roman\'">&nbsp;&nbsp; </span></span></span><![endif]>' +
        'First point<o:p></o:p></p>' +
        '<p class=MsoListParagraphCxSpMiddle style="mso-list:l0 level2 lfo1">' +
        '<![if !supportLists]><span style="mso-list:Ignore">o<span>&nbsp; </span></span><![endif]>' +
        'Nested point<o:p></o:p></p>' +
        '<p class=MsoListParagraphCxSpLast style="mso-list:l0 level1 lfo1">' +
        '<![if !supportLists]><span style="mso-list:Ignore">·<span>&nbsp; </span></span><![endif]>' +
        'Second point<o:p></o:p></p>' +
        '<p class=MsoListParagraphCxSpFirst style="mso-list:l1 level1 lfo2">' +
        '<![if !supportLists]><span style="mso-list:Ignore">1.<span>&nbsp; </span></span><![endif]>' +
        'Numbered<o:p></o:p></p>' +
        '</body></html>',
    );
    expectOnlyAllowed(doc);
    expect(outline(doc)).toEqual([
      'paragraph: Bold and italic text',
      'paragraph',
      'bulletList',
      '  listItem',
      '    paragraph: First point',
      '    bulletList',
      '      listItem',
      '        paragraph: Nested point',
      '  listItem',
      '    paragraph: Second point',
      'orderedList',
      '  listItem',
      '    paragraph: Numbered',
    ]);
    expect(JSON.stringify(doc)).not.toMatch(/·|mso|Calibri/);
  });

  it('drops a web page’s scripts, frames, foreign images, styles and unsafe links', () => {
    const doc = paste(
      '<style>body{color:red}</style><script>alert(1)</script>' +
        '<h2 style="color:red" class="title" onclick="alert(2)">News</h2>' +
        '<p>Read <a href="javascript:alert(3)">this</a>, <a href="JaVaScRiPt&colon;alert(4)">that</a>, ' +
        '<a href="java\tscript:alert(5)">those</a>, <a href="data:text/html,x">data</a>, ' +
        '<a href="/relative">here</a>, <a href="ftp://example.com/f">ftp</a> and ' +
        '<a href="mailto:desk@example.com">mail</a> or <a href="http://example.com/a">web</a>.</p>' +
        '<iframe name="evil"><p>frame text</p></iframe>' +
        '<img src="x" onerror="alert(6)">' +
        '<figure><img src="https://cdn.example/p.jpg" alt="A photo"><figcaption>Their caption</figcaption></figure>' +
        '<p>Text<u>under</u><s>struck</s><code>code</code><sup>2</sup></p>' +
        '<pre><code>const x = 1;</code></pre>' +
        '<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table>' +
        '<blockquote><p>Quoted</p></blockquote><hr><h5>Small</h5>' +
        '<ol start="3" type="a"><li>Third</li></ol>' +
        '<form><input value="field"><button>Send</button><select><option>Pick</option></select></form>',
    );
    expectOnlyAllowed(doc);
    const { hrefs } = inventory(doc);
    expect(hrefs).toEqual(['mailto:desk@example.com', 'http://example.com/a']);
    expect(outline(doc)).toEqual([
      'heading2: News',
      'paragraph: Read this, that, those, data, here, ftp and mail or web.',
      'paragraph: Textunderstruckcode2',
      'paragraph: const x = 1;',
      'paragraph: Name Age',
      'paragraph: Ann 31',
      'blockquote',
      '  paragraph: Quoted',
      'horizontalRule',
      'heading3: Small',
      'orderedList',
      '  listItem',
      '    paragraph: Third',
    ]);
    expect(JSON.stringify(doc)).not.toMatch(
      /alert|frame text|cdn\.example|Their caption|Send|Pick/,
    );
    expect(doc.content!.find((node) => node.type === 'orderedList')!.attrs).toBeUndefined();
  });

  it('splits a paragraph at a line break rather than joining its words', () => {
    const doc = paste('<p>First line<br>second <b>line<br>third</b> line<br></p>');
    expect(outline(doc)).toEqual([
      'paragraph: First line',
      'paragraph: second line',
      'paragraph: third line',
    ]);
  });

  it('keeps a figure copied in the editor itself, with its alt, caption and credit', () => {
    const figure = {
      type: 'image',
      attrs: { src: '/uploads/a1.webp', alt: 'The harbour', caption: 'At dawn', credit: 'Ann Lee' },
    };
    const source = new Editor({
      extensions: articleExtensions(),
      content: { type: 'doc', content: [{ type: 'paragraph' }, figure] },
    });
    const html = source.getHTML();
    source.destroy();
    // What ProseMirror puts on the clipboard: the editor's HTML, its first element marked.
    const doc = paste(html.replace('<figure', '<figure data-pm-slice="0 0 []"'));
    expect(doc.content).toContainEqual(figure);
    // The same figure from another page is not ours to keep.
    const foreign = paste(html);
    expect(JSON.stringify(foreign)).not.toContain('"image"');
  });
});
