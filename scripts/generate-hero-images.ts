/**
 * Renders the home page's three hero pictures (bicycles in bold landscapes) from SVG to WebP,
 * in two widths each for srcset. Run with `npx tsx scripts/generate-hero-images.ts`; the
 * results are committed under public/hero.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { drawBicycle } from '#server/db/seed/bicycle-art.ts';

const W = 1600;
const H = 800;
const OUT = path.resolve(import.meta.dirname, '../public/hero');
const WIDTHS = [800, 1600] as const;

interface BikeStyle {
  x: number;
  y: number;
  scale: number;
  frame: string;
  accent: string;
  tyre: string;
  kind: 'road' | 'mountain' | 'electric';
}

/** A side view of a bicycle standing on the ground at (x, y), wheels 190 px in radius before scaling. */
function bike(s: BikeStyle): string {
  const r = 190;
  const front = { x: 290, y: -r };
  const bb = { x: -20, y: -r + 10 };
  const headTop = { x: 180, y: -r - 360 };
  const headBottom = { x: 205, y: -r - 270 };
  const rotation = `rotate(-42 ${String(bb.x + 35)} ${String(bb.y - 210)})`;
  const battery =
    s.kind === 'electric'
      ? `<rect x="${String(bb.x - 40)}" y="${String(bb.y - 240)}" width="150" height="60" rx="18" transform="${rotation}" fill="${s.accent}"/>` +
        `<path d="M${String(bb.x + 25)} ${String(bb.y - 232)} l-18 30 h22 l-14 28 l34 -40 h-22 l14 -18z" fill="${s.frame}" transform="${rotation}"/>`
      : '';
  const fork =
    s.kind === 'mountain'
      ? `<path d="M${String(headBottom.x)} ${String(headBottom.y)} L${String(front.x)} ${String(front.y)}" stroke="${s.tyre}" stroke-width="30" stroke-linecap="round"/>`
      : '';
  const bicycle = drawBicycle({
    rear: { x: -290, y: -r },
    front,
    bottomBracket: bb,
    seat: { x: -120, y: -r - 330 },
    headTop,
    headBottom,
    wheelRadius: r,
    tyreWidth: s.kind === 'mountain' ? 30 : s.kind === 'road' ? 14 : 22,
    spokes: 16,
    colours: {
      frame: s.frame,
      accent: s.accent,
      tyre: s.tyre,
      spokes: s.tyre,
      post: s.tyre,
      saddle: s.tyre,
    },
    spokeOpacity: 0.7,
    rim: { inset: 6, width: 5, opacity: 0.8 },
    hubRadius: 18,
    tubeWidth: 26,
    topTube: { dx: 12, dy: 30, headDrop: 50 },
    post: { dx: -10, dy: -50, width: 16 },
    saddle: { dx: -85, dy: -60, outline: 'h130 q 12 0 0 20 h-120 z' },
    bars:
      s.kind === 'road'
        ? { width: 18, drop: 'q 80 -10 90 35 q 4 45 -36 50' }
        : { width: 18, from: { x: -50, y: -25 }, to: { x: 70, y: -35 } },
    chainring: { radius: 40, width: 12 },
    under: fork,
    over: battery,
  });
  return `<g transform="translate(${String(s.x)} ${String(s.y)}) scale(${String(s.scale)})">
<ellipse cx="0" cy="6" rx="560" ry="22" fill="#000" opacity="0.25"/>
${bicycle}
<line x1="${String(bb.x)}" y1="${String(bb.y)}" x2="${String(bb.x + 30)}" y2="${String(bb.y + 55)}" stroke="${s.tyre}" stroke-width="12" stroke-linecap="round"/>
</g>`;
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(W)}" height="${String(H)}" viewBox="0 0 ${String(W)} ${String(H)}"><defs>${defs}</defs>${body}</svg>`;
}

/** Seeded pseudo-random numbers, so the pictures come out the same on every run. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

function sunsetRoad(): string {
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b0764"/><stop offset="0.45" stop-color="#db2777"/><stop offset="0.8" stop-color="#fb923c"/><stop offset="1" stop-color="#fde68a"/></linearGradient>
<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#fbbf24"/></radialGradient>`;
  const body = `<rect width="${String(W)}" height="${String(H)}" fill="url(#sky)"/>
<circle cx="1120" cy="470" r="170" fill="url(#sun)"/>
<path d="M0 520 L180 430 L330 500 L520 380 L700 480 L880 410 L1060 500 L1260 400 L1420 470 L1600 420 V800 H0 Z" fill="#9d174d" opacity="0.85"/>
<path d="M0 590 Q 300 520 600 580 T 1200 560 T 1600 570 V800 H0 Z" fill="#701a75"/>
<path d="M0 660 Q 400 620 800 650 T 1600 640 V800 H0 Z" fill="#3b0764"/>
<path d="M760 800 C 860 720 980 680 1600 660 V 700 C 1050 720 950 760 900 800 Z" fill="#1e1b4b"/>
<path d="M840 800 C 930 740 1030 705 1600 684" stroke="#fde68a" stroke-width="6" stroke-dasharray="40 30" fill="none"/>
${bike({ x: 1110, y: 735, scale: 0.62, frame: '#facc15', accent: '#0f172a', tyre: '#0f172a', kind: 'road' })}`;
  return svg(defs, body);
}

function mountainTrail(): string {
  const rnd = random(7);
  const trees = Array.from({ length: 26 }, (_, i) => {
    const x = i * 64 + rnd() * 30;
    const h = 70 + rnd() * 70;
    const y = 640 + rnd() * 30;
    return `<path d="M${x.toFixed(0)} ${(y - h).toFixed(0)} l${(h * 0.32).toFixed(0)} ${h.toFixed(0)} h-${(h * 0.64).toFixed(0)} z" fill="#064e3b"/>`;
  }).join('');
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e7490"/><stop offset="0.7" stop-color="#67e8f9"/><stop offset="1" stop-color="#ecfeff"/></linearGradient>`;
  const body = `<rect width="${String(W)}" height="${String(H)}" fill="url(#sky)"/>
<circle cx="300" cy="170" r="70" fill="#fef9c3" opacity="0.9"/>
<path d="M0 520 L260 250 L420 400 L640 170 L860 420 L1040 230 L1260 430 L1420 300 L1600 420 V800 H0 Z" fill="#155e75"/>
<path d="M640 170 L700 235 L670 230 L640 260 L610 228 L585 232 Z M1040 230 L1090 285 L1060 280 L1035 300 L1010 282 L990 286 Z M260 250 L305 297 L280 293 L258 312 L236 295 L215 300 Z" fill="#f0fdfa"/>
<path d="M0 610 Q 250 520 520 590 T 1050 560 T 1600 590 V800 H0 Z" fill="#047857"/>
${trees}
<path d="M0 700 Q 400 650 800 690 T 1600 680 V800 H0 Z" fill="#14532d"/>
<path d="M600 800 Q 900 700 1600 712 V760 Q 1000 760 760 800 Z" fill="#a16207"/>
${bike({ x: 1120, y: 748, scale: 0.62, frame: '#f97316', accent: '#fef08a', tyre: '#111827', kind: 'mountain' })}`;
  return svg(defs, body);
}

function electricCity(): string {
  const rnd = random(11);
  let x = 0;
  const towers: string[] = [];
  while (x < W) {
    const w = 70 + rnd() * 90;
    const h = 180 + rnd() * 330;
    const top = 660 - h;
    towers.push(
      `<rect x="${x.toFixed(0)}" y="${top.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="#1e1b4b"/>`,
    );
    for (let wy = top + 20; wy < 640; wy += 34) {
      for (let wx = x + 12; wx < x + w - 18; wx += 26) {
        if (rnd() < 0.45)
          towers.push(
            `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="12" height="16" fill="${rnd() < 0.7 ? '#fde047' : '#22d3ee'}" opacity="0.85"/>`,
          );
      }
    }
    x += w + 8;
  }
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020617"/><stop offset="0.6" stop-color="#1d4ed8"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>`;
  const body = `<rect width="${String(W)}" height="${String(H)}" fill="url(#sky)"/>
<circle cx="1380" cy="150" r="60" fill="#e0e7ff"/><circle cx="1405" cy="135" r="55" fill="#0b1445"/>
${towers.join('')}
<rect y="660" width="${String(W)}" height="140" fill="#0f172a"/>
<rect y="690" width="${String(W)}" height="8" fill="#22d3ee" opacity="0.6"/>
<path d="M0 760 H1600" stroke="#facc15" stroke-width="6" stroke-dasharray="60 40"/>
${bike({ x: 1100, y: 742, scale: 0.62, frame: '#22d3ee', accent: '#facc15', tyre: '#f8fafc', kind: 'electric' })}`;
  return svg(defs, body);
}

const slides: [string, string][] = [
  ['hero-road', sunsetRoad()],
  ['hero-mountain', mountainTrail()],
  ['hero-city', electricCity()],
];

mkdirSync(OUT, { recursive: true });
for (const [name, art] of slides) {
  const png = await sharp(Buffer.from(art)).png().toBuffer();
  for (const width of WIDTHS) {
    const file = path.join(OUT, `${name}-${String(width)}.webp`);
    const info = await sharp(png).resize({ width }).webp({ quality: 72, effort: 6 }).toFile(file);
    process.stdout.write(
      `${file} ${String(info.width)}x${String(info.height)} ${String(Math.round(info.size / 1024))} KiB\n`,
    );
  }
}
