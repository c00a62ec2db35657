export type LogoEmblem = 'waves' | 'arch' | 'compass' | 'hills' | 'column' | 'river' | 'peak';

/**
 * A square masthead badge: an emblem over the publisher's initials. The initials use whatever
 * serif font the machine has; if it has none, the emblem alone still makes a tidy logo.
 */
export function logoSvg(
  initials: string,
  emblem: LogoEmblem,
  colours: readonly [string, string],
): string {
  const [background, ink] = colours;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
    `<rect width="256" height="256" rx="36" fill="${background}"/>`,
    `<rect x="14" y="14" width="228" height="228" rx="26" fill="none" stroke="${ink}" stroke-width="3" opacity="0.5"/>`,
    `<g fill="none" stroke="${ink}" color="${ink}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">`,
    emblems[emblem],
    '</g>',
    `<text x="128" y="212" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', 'Liberation Serif', serif"`,
    ` font-size="50" font-weight="700" letter-spacing="4" fill="${ink}">${initials}</text>`,
    '</svg>',
  ].join('');
}

// Each emblem sits in the upper part of the badge, roughly within (56..200, 40..150).
const emblems: Record<LogoEmblem, string> = {
  waves: [60, 90, 120].map((y) => `<path d="M56 ${y} q18 -16 36 0 t36 0 t36 0 t36 0"/>`).join(''),
  arch: '<path d="M70 150 V96 a58 58 0 0 1 116 0 V150"/><path d="M100 150 V104 a28 28 0 0 1 56 0 V150"/><path d="M60 150 H196"/>',
  compass:
    '<circle cx="128" cy="96" r="54"/><path d="M128 52 L142 96 L128 140 L114 96 Z" fill="currentColor"/><path d="M84 96 H172"/>',
  hills:
    '<circle cx="168" cy="66" r="14"/><path d="M52 146 Q92 70 132 146"/><path d="M100 146 Q150 84 204 146"/><path d="M52 146 H204"/>',
  column:
    '<path d="M72 66 L128 40 L184 66 Z"/><path d="M72 76 H184"/><path d="M92 86 V138 M118 86 V138 M138 86 V138 M164 86 V138"/><path d="M66 148 H190"/>',
  river:
    '<path d="M60 64 C110 64 90 104 128 104 S150 144 196 144"/><path d="M96 48 C140 48 126 88 160 88 S184 124 210 124" opacity="0.6"/>',
  peak: '<path d="M48 148 L108 58 L136 100 L156 76 L208 148 Z"/><path d="M96 76 L108 58 L120 76"/>',
};
