import type { JSONContent } from '@tiptap/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import ArticleEditor, { type ArticleEditorHandle, type ArticleEditorProps } from './ArticleEditor';
import { writeDraft } from './draftStorage';
import { imageMessages } from './ImageDialog';
import { linkHrefMessage } from './linkHref';

beforeEach(() => localStorage.clear());
// Unmounting stops the editor's DOM observer, which reads what it still had queued 20 ms later
// (prosemirror-view): waited for here, while the simulated document is still there.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 40));
});

const paragraph = (text: string): JSONContent => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
});
const doc = (...content: JSONContent[]): JSONContent => ({ type: 'doc', content });

function open(props: Partial<ArticleEditorProps> = {}) {
  const onChange = vi.fn<(doc: JSONContent) => void>();
  const uploadImage = vi.fn(async () => ({ url: '/uploads/abc.webp' }));
  const view = render(
    <ArticleEditor
      value={null}
      onChange={onChange}
      draftKey="new"
      uploadImage={uploadImage}
      {...props}
    />,
  );
  const lastDoc = () => onChange.mock.lastCall?.[0];
  return { ...view, onChange, uploadImage, lastDoc };
}

const textbox = () => screen.getByRole('textbox', { name: 'Description' });
const tool = (name: string) => screen.getByRole('button', { name });

describe('the article editor', () => {
  it('is a multi-line textbox labelled Description and described by its error', () => {
    const { rerender, onChange, uploadImage } = open();
    expect(textbox().getAttribute('aria-multiline')).toBe('true');
    expect(textbox().getAttribute('aria-invalid')).toBeNull();

    rerender(
      <ArticleEditor
        value={null}
        onChange={onChange}
        draftKey="new"
        uploadImage={uploadImage}
        error="Description is required"
      />,
    );
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    const described = textbox().getAttribute('aria-describedby')!.split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Description is required');
  });

  it('has a toolbar with one tab stop, moved by the arrows, Home and End', async () => {
    open();
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons.map((button) => button.tabIndex)).toEqual(
      buttons.map((_, index) => (index === 0 ? 0 : -1)),
    );
    act(() => tool('Bold').focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tool('Italic'));
    expect(tool('Italic').tabIndex).toBe(0);
    expect(tool('Bold').tabIndex).toBe(-1);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tool('Redo'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tool('Bold'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tool('Redo'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tool('Bold'));
  });

  it('presses and releases its toggles from the keyboard, and the document follows', async () => {
    const { lastDoc } = open({ value: doc(paragraph('Harbour news')) });
    expect(tool('Bold').getAttribute('aria-pressed')).toBe('false');
    expect(tool('Undo').getAttribute('aria-disabled')).toBe('true');
    expect(tool('Insert image').hasAttribute('aria-pressed')).toBe(false);

    act(() => tool('Bold').focus());
    await userEvent.keyboard('{Enter}');
    expect(tool('Bold').getAttribute('aria-pressed')).toBe('true');
    act(() => tool('Bold').focus());
    await userEvent.keyboard('{Enter}');
    expect(tool('Bold').getAttribute('aria-pressed')).toBe('false');

    act(() => tool('Heading').focus());
    await userEvent.keyboard(' ');
    expect(tool('Heading').getAttribute('aria-pressed')).toBe('true');
    expect(lastDoc()).toEqual(
      doc({
        type: 'heading',
        attrs: { level: 2 },
        content: [{ type: 'text', text: 'Harbour news' }],
      }),
    );
    expect(tool('Undo').getAttribute('aria-disabled')).toBeNull();

    act(() => tool('Bulleted list').focus());
    await userEvent.keyboard('{Enter}');
    expect(tool('Bulleted list').getAttribute('aria-pressed')).toBe('true');
    expect(lastDoc()!.content![0]!.type).toBe('bulletList');
  });

  it('counts the words and the minutes to read them, again once typing pauses', async () => {
    const words = Array.from({ length: 461 }, (_, index) => `word${index}`).join(' ');
    const { rerender, onChange, uploadImage } = open({ value: doc(paragraph(words)) });
    expect(screen.getByText('461 words · 3 min read')).toBeDefined();
    rerender(
      <ArticleEditor
        value={doc(paragraph('Just three words'))}
        onChange={onChange}
        draftKey="new"
        uploadImage={uploadImage}
      />,
    );
    await screen.findByText('3 words · 1 min read');
    act(() => tool('Bold').focus());
    await userEvent.keyboard('{Enter}');
    await userEvent.type(textbox(), ' and two', { skipClick: true });
    await screen.findByText('5 words · 1 min read');
  });

  it('keeps a draft in the browser, restores it with a notice, and discards it', async () => {
    const first = open({ value: doc(paragraph('Published text')) });
    act(() => tool('Heading').focus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(localStorage.length).toBe(1));
    first.unmount();

    // The page comes back (a reload): the draft, not the page's text, and the page hears of it.
    const second = open({ value: doc(paragraph('Published text')) });
    const restoredDoc = doc({
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: 'Published text' }],
    });
    expect(screen.getByRole('status').textContent).toMatch(/unsaved draft from .* was restored/);
    expect(second.lastDoc()).toEqual(restoredDoc);
    expect(textbox().querySelector('h2')?.textContent).toBe('Published text');

    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(second.lastDoc()).toEqual(doc(paragraph('Published text')));
    expect(screen.queryByRole('status')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('forgets the draft, and a write still waiting, when the page says the article is saved', async () => {
    const ref = createRef<ArticleEditorHandle>();
    open({ value: doc(paragraph('Text')), ref });
    act(() => tool('Heading').focus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(localStorage.length).toBe(1));
    act(() => tool('Quote').focus());
    await userEvent.keyboard('{Enter}');
    act(() => ref.current!.clearDraft());
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(localStorage.length).toBe(0);
  });

  it('opens the link dialog with Ctrl+K and goes to the toolbar with Alt+F10', async () => {
    open();
    act(() => textbox().focus());
    await userEvent.keyboard('{Alt>}{F10}{/Alt}');
    expect(document.activeElement).toBe(tool('Bold'));
    act(() => textbox().focus());
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('dialog', { name: 'Add link' })).toBeDefined();
  });

  it('ignores a stored draft the same as the page’s text or not of this schema', () => {
    writeDraft('same', doc(paragraph('Same')));
    open({ value: doc(paragraph('Same')), draftKey: 'same' });
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();

    writeDraft('old', doc({ type: 'codeBlock', content: [{ type: 'text', text: 'x' }] }));
    const { onChange } = open({ draftKey: 'old' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a new value from the page (a form reset) without calling back', () => {
    const { rerender, onChange, uploadImage } = open({ value: doc(paragraph('Before')) });
    rerender(
      <ArticleEditor
        value={doc(paragraph('After'))}
        onChange={onChange}
        draftKey="new"
        uploadImage={uploadImage}
      />,
    );
    expect(textbox().textContent).toBe('After');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a link to anything but http, https or mailto, and adds one that is', async () => {
    const { lastDoc, onChange } = open();
    await userEvent.click(tool('Link'));
    const address = screen.getByLabelText('Address');
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText(linkHrefMessage)).toBeDefined();
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.com/');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastDoc()).toEqual(
      doc({
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: 'https://example.com/',
            marks: [{ type: 'link', attrs: { href: 'https://example.com/' } }],
          },
        ],
      }),
    );
  });

  it('adds an image only with a file and alt text, sent through the upload it was given', async () => {
    const { lastDoc, uploadImage } = open();
    await userEvent.click(tool('Insert image'));
    await userEvent.click(screen.getByRole('button', { name: 'Add image' }));
    expect(screen.getByText(imageMessages.fileRequired)).toBeDefined();
    expect(screen.getByText(imageMessages.altRequired)).toBeDefined();
    expect(uploadImage).not.toHaveBeenCalled();

    const file = new File([new Uint8Array([1, 2, 3])], 'harbour.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Image file'), file);
    await userEvent.type(screen.getByLabelText('Alt text'), 'Boats in the harbour');
    await userEvent.type(screen.getByLabelText('Credit (optional)'), 'Ann Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Add image' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(uploadImage).toHaveBeenCalledWith(file);
    expect(lastDoc()!.content).toContainEqual({
      type: 'image',
      attrs: {
        src: '/uploads/abc.webp',
        alt: 'Boats in the harbour',
        caption: null,
        credit: 'Ann Lee',
      },
    });
  });
});
