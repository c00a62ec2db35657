/**
 * Text and attribute values made safe for HTML and XML alike: `<`, `>`, `&` and both quotes as
 * entities. The apostrophe is `&#39;`, which XML reads as well as HTML, and which older mail
 * programs understand where they lack `&apos;`.
 */
export function escapeMarkup(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => entities[char]!);
}

const entities: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&#39;',
  '"': '&quot;',
};
