import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { TextField } from '#web/components/form/TextField';
import { buttonClass } from '#web/components/ui/button';
import { EditorDialog } from './EditorDialog';
import { allowedHref, linkHrefMessage } from './linkHref';

/**
 * Adds, changes or removes the link at the selection. An address other than http, https or
 * mailto is refused with a message, and nothing changes. With nothing selected, the address
 * goes in as the link's text.
 */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = editor.getAttributes('link').href as string | undefined;
  const [href, setHref] = useState(current ?? '');
  const [error, setError] = useState<string>();

  function apply() {
    const checked = allowedHref(href);
    if (!checked) return setError(linkHrefMessage);
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !current) {
      chain
        .insertContent({
          type: 'text',
          text: checked,
          marks: [{ type: 'link', attrs: { href: checked } }],
        })
        .run();
    } else {
      chain.extendMarkRange('link').setLink({ href: checked }).run();
    }
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  }

  return (
    <EditorDialog
      title={current ? 'Edit link' : 'Add link'}
      submitLabel="Apply"
      onSubmit={apply}
      onClose={onClose}
      extra={
        current && (
          <button
            type="button"
            onClick={remove}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Remove link
          </button>
        )
      }
    >
      <TextField
        label="Address"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={href}
        error={error}
        onChange={(event) => {
          setHref(event.target.value);
          setError(undefined);
        }}
      />
    </EditorDialog>
  );
}
