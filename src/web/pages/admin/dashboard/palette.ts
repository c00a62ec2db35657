/** Slice and line colours that stay apart on the paper background. */
export const palette = [
  '#9f1d20',
  '#1d4f9f',
  '#2f7d4f',
  '#b7791f',
  '#6b46c1',
  '#0f766e',
  '#be185d',
];
