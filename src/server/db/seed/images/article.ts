import type { Tag } from '#shared/tags';
import { createRandom, type Random } from '#server/db/seed/prng';
import { n } from './svg.js';

const W = 1200;
const H = 675;

interface Palette {
  /** The two ends of the background gradient, which runs across at a random slant. */
  background: readonly [string, string];
  accents: readonly [string, string, string];
  /** The motif's colour, chosen to stand out from the background. */
  ink: string;
}

/** Each tag has its own palette and motif, so a reader can tell a section at a glance. */
const palettes: Record<Tag, Palette> = {
  politics: {
    background: ['#1d2a4d', '#7a2135'],
    accents: ['#e8b04b', '#c8d3e6', '#d0503f'],
    ink: '#f4efe6',
  },
  business: {
    background: ['#0f3d3e', '#1f6f5c'],
    accents: ['#f2c14e', '#8fd3b6', '#f78154'],
    ink: '#f5f3e7',
  },
  sports: {
    background: ['#0b4f6c', '#1a9bd1'],
    accents: ['#fbfbff', '#ffb400', '#20bf55'],
    ink: '#ffffff',
  },
  entertainment: {
    background: ['#2b1055', '#b8327f'],
    accents: ['#ffd166', '#7597de', '#ff8fab'],
    ink: '#fff4e0',
  },
  technology: {
    background: ['#0d1b2a', '#1b4965'],
    accents: ['#5fa8d3', '#62b6cb', '#cae9ff'],
    ink: '#e0fbfc',
  },
  health: {
    background: ['#e0f2f1', '#7cc4bc'],
    accents: ['#ef5350', '#26a69a', '#ffffff'],
    ink: '#00695c',
  },
  environment: {
    background: ['#b7dfc5', '#2d6a4f'],
    accents: ['#ffe66d', '#40916c', '#95d5b2'],
    ink: '#1b4332',
  },
  education: {
    background: ['#f6e7cb', '#e09f3e'],
    accents: ['#9e2a2b', '#335c67', '#540b0e'],
    ink: '#fff3b0',
  },
};

/**
 * An abstract editorial illustration for an article: a gradient, soft light, a few translucent
 * bands and the motif of the article's first tag. Shapes only, so it looks the same on machines
 * without fonts. The same seed always draws the same picture.
 */
export function articleImageSvg(seed: string, tag: Tag): string {
  const r = createRandom(seed);
  const palette = palettes[tag];
  const angle = r.between(0, 1);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="${n(angle)}" x2="1" y2="${n(1 - angle)}">`,
    `<stop offset="0" stop-color="${palette.background[0]}"/>`,
    `<stop offset="1" stop-color="${palette.background[1]}"/>`,
    '</linearGradient>',
    ...palette.accents.map(
      (colour, i) =>
        `<radialGradient id="glow${i}"><stop offset="0" stop-color="${colour}" stop-opacity="0.55"/>` +
        `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    ),
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    glows(r),
    bands(r, palette),
    motifs[tag](r, palette),
    '</svg>',
  ].join('');
}

function glows(r: Random): string {
  return [0, 1, 2]
    .map((i) => {
      const radius = r.between(180, 420);
      return `<circle cx="${n(r.between(0, W))}" cy="${n(r.between(0, H))}" r="${n(radius)}" fill="url(#glow${i})"/>`;
    })
    .join('');
}

/** Two or three wide diagonal strips across the picture. */
function bands(r: Random, { accents }: Palette): string {
  return Array.from({ length: r.int(2, 3) }, () => {
    const x = r.between(-200, W);
    const band = r.between(60, 180);
    const slant = r.between(200, 500);
    const points = [
      [x, 0],
      [x + band, 0],
      [x + band + slant, H],
      [x + slant, H],
    ];
    return `<polygon points="${points.map(([px, py]) => `${n(px ?? 0)},${n(py ?? 0)}`).join(' ')}" fill="${r.pick(accents)}" opacity="${r.between(0.08, 0.18).toFixed(2)}"/>`;
  }).join('');
}

type Motif = (r: Random, palette: Palette) => string;

const motifs: Record<Tag, Motif> = {
  // A portico: pediment, columns and steps.
  politics: (r, { ink, accents }) => {
    const x = r.between(120, 700);
    const columns = r.int(5, 7);
    const span = 380;
    const gap = span / (columns - 1);
    const shafts = Array.from(
      { length: columns },
      (_, i) => `<rect x="${n(x + i * gap - 14)}" y="300" width="28" height="230" rx="4"/>`,
    ).join('');
    return [
      `<g fill="${ink}" opacity="0.88">`,
      `<polygon points="${n(x - 60)},280 ${n(x + span / 2)},170 ${n(x + span + 60)},280"/>`,
      `<rect x="${n(x - 50)}" y="284" width="${span + 100}" height="14"/>`,
      shafts,
      `<rect x="${n(x - 60)}" y="534" width="${span + 120}" height="18"/>`,
      `<rect x="${n(x - 90)}" y="556" width="${span + 180}" height="20"/>`,
      '</g>',
      `<circle cx="${n(x + span / 2)}" cy="236" r="18" fill="${accents[0]}"/>`,
    ].join('');
  },
  // A rising bar chart with its trend line.
  business: (r, { ink, accents }) => {
    const bars = r.int(6, 9);
    const left = r.between(80, 260);
    const step = 86;
    let height = r.between(60, 110);
    const tops: [number, number][] = [];
    const rects = Array.from({ length: bars }, (_, i) => {
      height += r.between(-20, 60);
      const x = left + i * step;
      tops.push([x + 28, 600 - height - 30]);
      return `<rect x="${n(x)}" y="${n(600 - height)}" width="56" height="${n(height)}" rx="6" fill="${i % 3 === 2 ? accents[0] : ink}" opacity="0.85"/>`;
    }).join('');
    const line = tops.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
    const dots = tops
      .map(([x, y]) => `<circle cx="${n(x)}" cy="${n(y)}" r="8" fill="${accents[2]}"/>`)
      .join('');
    return `${rects}<polyline points="${line}" fill="none" stroke="${accents[2]}" stroke-width="6" stroke-linejoin="round"/>${dots}<rect x="${n(left - 30)}" y="600" width="${bars * step + 40}" height="6" fill="${ink}" opacity="0.7"/>`;
  },
  // Running-track lanes and a ball.
  sports: (r, { ink, accents }) => {
    const cx = r.between(300, 900);
    const lanes = Array.from(
      { length: 5 },
      (_, i) =>
        `<ellipse cx="${n(cx)}" cy="760" rx="${620 + i * 70}" ry="${300 + i * 55}" fill="none" stroke="${ink}" stroke-width="8" opacity="${n(0.65 - i * 0.1)}"/>`,
    ).join('');
    const bx = r.between(160, 1040);
    const by = r.between(120, 260);
    return [
      lanes,
      `<circle cx="${n(bx)}" cy="${n(by)}" r="64" fill="${accents[1]}"/>`,
      `<path d="M${n(bx - 64)} ${n(by)} Q${n(bx)} ${n(by - 40)} ${n(bx + 64)} ${n(by)}" stroke="${ink}" stroke-width="5" fill="none"/>`,
      `<path d="M${n(bx)} ${n(by - 64)} Q${n(bx + 36)} ${n(by)} ${n(bx)} ${n(by + 64)}" stroke="${ink}" stroke-width="5" fill="none"/>`,
    ].join('');
  },
  // Spotlights over a stage, and stars.
  entertainment: (r, { ink, accents }) => {
    const beams = [0, 1, 2]
      .map((i) => {
        const top = 150 + i * 450 + r.between(-60, 60);
        const foot = r.between(300, 900);
        return `<polygon points="${n(top - 20)},0 ${n(top + 20)},0 ${n(foot + 170)},560 ${n(foot - 170)},560" fill="${accents[i % 2 === 0 ? 0 : 2]}" opacity="0.22"/>`;
      })
      .join('');
    const stars = Array.from({ length: r.int(7, 11) }, () =>
      star(r.between(40, W - 40), r.between(30, 400), r.between(8, 22), ink),
    ).join('');
    return `${beams}<rect x="0" y="560" width="${W}" height="${H - 560}" fill="${accents[1]}" opacity="0.45"/><ellipse cx="${n(r.between(400, 800))}" cy="560" rx="320" ry="26" fill="${ink}" opacity="0.35"/>${stars}`;
  },
  // A dot grid with circuit traces.
  technology: (r, { ink, accents }) => {
    const dots: string[] = [];
    for (let x = 60; x < W; x += 60) {
      for (let y = 60; y < H; y += 60) dots.push(`<circle cx="${x}" cy="${y}" r="3"/>`);
    }
    const traces = Array.from({ length: r.int(4, 6) }, () => {
      let x = 60 * r.int(1, 19);
      let y = 60 * r.int(1, 10);
      const points = [`${x},${y}`];
      for (let i = 0; i < 4; i += 1) {
        if (i % 2 === 0) x = Math.min(W - 60, Math.max(60, x + 60 * r.int(-5, 5)));
        else y = Math.min(H - 60, Math.max(60, y + 60 * r.int(-3, 3)));
        points.push(`${x},${y}`);
      }
      const colour = r.pick(accents);
      return `<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="6" stroke-linejoin="round"/><circle cx="${x}" cy="${y}" r="12" fill="${colour}"/>`;
    }).join('');
    return `<g fill="${ink}" opacity="0.35">${dots.join('')}</g>${traces}`;
  },
  // A heartbeat line and rounded crosses.
  health: (r, { ink, accents }) => {
    const y = r.between(300, 420);
    const beat = r.between(380, 760);
    const pulse = `M0 ${n(y)} H${n(beat)} l30 -40 l30 120 l40 -230 l40 250 l30 -100 h40 H${W}`;
    const crosses = Array.from({ length: r.int(2, 4) }, (_, i) => {
      const size = r.between(40, 110);
      const arm = size / 3;
      const cx = r.between(80, W - 80);
      const cy = i % 2 === 0 ? r.between(60, y - 120) : r.between(y + 120, H - 60);
      return `<path d="M${n(cx - arm / 2)} ${n(cy - size / 2)} h${n(arm)} v${n(arm)} h${n(arm)} v${n(arm)} h${n(-arm)} v${n(arm)} h${n(-arm)} v${n(-arm)} h${n(-arm)} v${n(-arm)} h${n(arm)} Z" fill="${i === 0 ? accents[0] : accents[2]}" opacity="0.9"/>`;
    }).join('');
    return `${crosses}<path d="${pulse}" fill="none" stroke="${ink}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>`;
  },
  // Layered hills under a sun, with a few leaves.
  environment: (r, { ink, accents }) => {
    const sun = `<circle cx="${n(r.between(150, 1050))}" cy="${n(r.between(110, 220))}" r="${n(r.between(50, 80))}" fill="${accents[0]}" opacity="0.9"/>`;
    const hills = [0, 1, 2]
      .map((i) => {
        const base = 430 + i * 80;
        const peak = base - r.between(60, 160);
        const colour = i === 2 ? ink : accents[i === 0 ? 2 : 1];
        return `<path d="M0 ${n(base)} Q${n(r.between(150, 400))} ${n(peak)} ${n(r.between(500, 700))} ${n(base)} T${W} ${n(base - 20)} V${H} H0 Z" fill="${colour}" opacity="${n(0.55 + i * 0.2)}"/>`;
      })
      .join('');
    const leaves = Array.from({ length: r.int(3, 5) }, () => {
      const x = r.between(80, W - 80);
      const y = r.between(250, 400);
      return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="34" ry="14" transform="rotate(${n(r.between(-60, 60))} ${n(x)} ${n(y)})" fill="${accents[1]}"/>`;
    }).join('');
    return `${sun}${hills}${leaves}`;
  },
  // A stack of books.
  education: (r, { ink, accents }) => {
    const x = r.between(520, 820);
    let y = 600;
    const books = Array.from({ length: r.int(4, 6) }, (_, i) => {
      const width = r.between(240, 330);
      const height = r.between(38, 60);
      y -= height + 4;
      const left = x + r.between(-30, 30) - width / 2;
      return `<rect x="${n(left)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="6" fill="${accents[i % 3]}"/><rect x="${n(left + 16)}" y="${n(y + height / 2 - 3)}" width="${n(width - 32)}" height="6" fill="${ink}" opacity="0.6"/>`;
    }).join('');
    const appleX = x + r.between(-40, 40);
    const apple = `<circle cx="${n(appleX)}" cy="${n(y - 36)}" r="34" fill="${accents[0]}"/><path d="M${n(appleX)} ${n(y - 70)} q10 -24 28 -26" stroke="${accents[2]}" stroke-width="6" fill="none"/>`;
    return `<rect x="${n(x - 260)}" y="600" width="520" height="10" rx="5" fill="${accents[2]}" opacity="0.6"/>${books}${apple}`;
  },
};

function star(cx: number, cy: number, size: number, colour: string): string {
  const s = size;
  const k = size / 4;
  return `<path d="M${n(cx)} ${n(cy - s)} L${n(cx + k)} ${n(cy - k)} L${n(cx + s)} ${n(cy)} L${n(cx + k)} ${n(cy + k)} L${n(cx)} ${n(cy + s)} L${n(cx - k)} ${n(cy + k)} L${n(cx - s)} ${n(cy)} L${n(cx - k)} ${n(cy - k)} Z" fill="${colour}" opacity="0.85"/>`;
}
