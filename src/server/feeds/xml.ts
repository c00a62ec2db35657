import { escapeMarkup } from '../http/escape-markup.js';

/** `<name>text</name>`, the text escaped; nothing when the text is absent. */
export function element(name: string, text: string | undefined): string {
  return text === undefined ? '' : `<${name}>${escapeMarkup(text)}</${name}>`;
}

/** An absolute address for a path of ours; addresses that already are absolute stay as they are. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}
