export interface AvatarLook {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'crop' | 'long' | 'bun' | 'curly';
  clothing: string;
}

const size = 256;

/** A flat head-and-shoulders portrait on a soft background tinted by the clothing colour. */
export function avatarSvg(look: AvatarLook): string {
  const { skin, clothing } = look;
  const [behind, onTop] = hairShapes(look);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${clothing}" stop-opacity="0.25"/>`,
    `<stop offset="1" stop-color="${clothing}" stop-opacity="0.55"/>`,
    '</linearGradient></defs>',
    '<rect width="256" height="256" fill="#f8f5f0"/>',
    '<rect width="256" height="256" fill="url(#bg)"/>',
    behind,
    `<path d="M32 256 C40 200 84 178 128 178 C172 178 216 200 224 256 Z" fill="${clothing}"/>`,
    `<rect x="110" y="138" width="36" height="50" rx="16" fill="${skin}"/>`,
    '<rect x="110" y="150" width="36" height="14" fill="#000" opacity="0.08"/>',
    `<ellipse cx="128" cy="112" rx="44" ry="52" fill="${skin}"/>`,
    onTop,
    '<ellipse cx="112" cy="116" rx="4.5" ry="5.5" fill="#2b2118"/>',
    '<ellipse cx="144" cy="116" rx="4.5" ry="5.5" fill="#2b2118"/>',
    '<path d="M114 140 Q128 150 142 140" stroke="#2b2118" stroke-width="3.5" fill="none" stroke-linecap="round" opacity="0.7"/>',
    '</svg>',
  ].join('');
}

/** The hair drawn behind the head (long styles) and over it. */
function hairShapes({ hair, hairStyle }: AvatarLook): [string, string] {
  const fill = `fill="${hair}"`;
  switch (hairStyle) {
    case 'short':
      return [
        '',
        `<path d="M84 112 C80 62 112 50 132 52 C160 54 178 72 172 112 C164 88 148 80 128 80 C106 80 92 90 84 112 Z" ${fill}/>`,
      ];
    case 'crop':
      return [
        '',
        `<path d="M86 100 C88 64 112 56 128 56 C146 56 168 64 170 100 C156 80 100 80 86 100 Z" ${fill}/>`,
      ];
    case 'long':
      return [
        `<path d="M76 118 C70 58 108 46 128 46 C150 46 188 58 180 118 L186 206 C160 214 96 214 70 206 Z" ${fill}/>`,
        `<path d="M82 110 C82 66 112 54 130 56 C160 58 176 78 174 110 C160 86 136 76 112 82 C98 86 88 96 82 110 Z" ${fill}/>`,
      ];
    case 'bun':
      return [
        `<circle cx="128" cy="48" r="24" ${fill}/>`,
        `<path d="M84 108 C82 66 110 56 128 56 C148 56 174 66 172 108 C160 82 96 82 84 108 Z" ${fill}/>`,
      ];
    case 'curly':
      return [
        '',
        [
          [92, 84, 20],
          [110, 66, 22],
          [134, 60, 24],
          [156, 72, 22],
          [168, 94, 18],
          [86, 104, 14],
        ]
          .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" ${fill}/>`)
          .join(''),
      ];
  }
}
