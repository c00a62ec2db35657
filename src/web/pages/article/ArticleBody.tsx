/**
 * The description as paragraphs: a blank line starts a new one, a single line break stays a
 * line break. Plain text only, never HTML.
 */
export function ArticleBody({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className="space-y-5 font-serif text-lg leading-relaxed whitespace-pre-line text-ink/90 sm:text-xl">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
