import type { TextPiece } from '#shared/api/search';
import { markEnd, markStart } from './terms.js';

/**
 * A title or passage with the engine's marks around matched words, as pieces of plain text
 * (marked or not), which the browser escapes like any text. Marks an article's own text might
 * hold are only ever marks: nothing in it becomes markup.
 */
export function piecesOf(marked: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let mark = false;
  for (const part of marked.split(new RegExp(`([${markStart}${markEnd}])`, 'u'))) {
    if (part === markStart) mark = true;
    else if (part === markEnd) mark = false;
    else if (part !== '') {
      const last = pieces.at(-1);
      if (last && last.mark === mark) last.text += part;
      else pieces.push({ text: part, mark });
    }
  }
  return pieces;
}
