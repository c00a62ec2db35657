import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useId, useState } from 'react';
import { errorProps, FieldFrame, inputClass } from '#web/components/form/FieldFrame';
import { TextField } from '#web/components/form/TextField';
import { checkImageFile, imageAccept } from '#web/components/image-input/checkImageFile';
import type { ArticleImageAttributes } from './articleImage';
import { EditorDialog } from './EditorDialog';

export type UploadArticleImage = (file: File) => Promise<{ url: string }>;

export const imageMessages = {
  fileRequired: 'Please choose an image',
  altRequired: 'Please describe the image for readers who cannot see it',
  uploadFailed: 'The image could not be uploaded',
} as const;

interface Props {
  editor: Editor;
  uploadImage: UploadArticleImage;
  onClose: () => void;
}

/**
 * Inserts an image sent through our image pipeline (`uploadImage`), with its alt text (required),
 * caption and credit; with an image selected, edits those and may replace the picture.
 */
export function ImageDialog({ editor, uploadImage, onClose }: Props) {
  const selected = selectedImage(editor);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(selected?.alt ?? '');
  const [caption, setCaption] = useState(selected?.caption ?? '');
  const [credit, setCredit] = useState(selected?.credit ?? '');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [uploading, setUploading] = useState(false);

  async function save() {
    const fileError = file
      ? checkImageFile(file)
      : selected
        ? undefined
        : imageMessages.fileRequired;
    const altError = alt.trim() ? undefined : imageMessages.altRequired;
    setErrors({ file: fileError, alt: altError });
    if (fileError || altError) return;
    let src = selected?.src;
    if (file) {
      setUploading(true);
      try {
        src = (await uploadImage(file)).url;
      } catch (error) {
        setErrors({ file: error instanceof Error ? error.message : imageMessages.uploadFailed });
        return;
      } finally {
        setUploading(false);
      }
    }
    const attrs: ArticleImageAttributes = {
      src: src!,
      alt: alt.trim(),
      caption: caption.trim() || null,
      credit: credit.trim() || null,
    };
    const chain = editor.chain().focus();
    if (selected) chain.updateAttributes('image', attrs).run();
    else chain.insertContent({ type: 'image', attrs }).run();
    onClose();
  }

  return (
    <EditorDialog
      title={selected ? 'Edit image' : 'Add image'}
      submitLabel={uploading ? 'Uploading…' : selected ? 'Apply' : 'Add image'}
      busy={uploading}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <FieldFrame
        id={fileId}
        label={selected ? 'Image file (optional: choose one to replace it)' : 'Image file'}
        error={errors.file}
      >
        <input
          id={fileId}
          type="file"
          accept={imageAccept}
          className={inputClass}
          {...errorProps(fileId, errors.file)}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors((old) => ({ ...old, file: undefined }));
          }}
        />
      </FieldFrame>
      <TextField
        label="Alt text"
        required
        value={alt}
        error={errors.alt}
        onChange={(event) => setAlt(event.target.value)}
      />
      <TextField
        label="Caption (optional)"
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
      />
      <TextField
        label="Credit (optional)"
        value={credit}
        onChange={(event) => setCredit(event.target.value)}
      />
    </EditorDialog>
  );
}

/** The image the selection holds, when the writer clicked one. */
function selectedImage(editor: Editor): ArticleImageAttributes | null {
  const { selection } = editor.state;
  return selection instanceof NodeSelection && selection.node.type.name === 'image'
    ? (selection.node.attrs as ArticleImageAttributes)
    : null;
}
