/** C0 control characters but tab and line feed, and DEL: a body's text may not hold them. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
}

export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

export function withoutControlCharacters(text: string): string {
  let kept = '';
  for (const char of text) if (!isControl(char.charCodeAt(0))) kept += char;
  return kept;
}
