/** Text and attribute values made safe for XML: the five special characters as entities. */
export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => xmlEntities[char]!);
}

const xmlEntities: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

/** `<name>text</name>`, the text escaped; nothing when the text is absent. */
export function element(name: string, text: string | undefined): string {
  return text === undefined ? '' : `<${name}>${escapeXml(text)}</${name}>`;
}

/** An absolute address for a path of ours; addresses that already are absolute stay as they are. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}
