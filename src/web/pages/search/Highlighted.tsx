import type { TextPiece } from '#shared/api/search';

/** Text with the searched words in <mark>; every piece is text, escaped by React. */
export function Highlighted({ pieces }: { pieces: readonly TextPiece[] }) {
  return pieces.map((piece, index) =>
    piece.mark ? (
      <mark key={index} className="bg-amber-200 px-0.5 text-ink">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
