import type { Category } from '#shared/contract/product.ts';

/** Colours per category, so a shopper can tell the kinds apart at a glance. */
const PALETTE: Record<Category, { frame: string; accent: string; sky: [string, string] }> = {
  'Road Bicycle': { frame: '#d62828', accent: '#1d3557', sky: ['#fdf0d5', '#f8d7a8'] },
  'Mountain Bike': { frame: '#2a9d8f', accent: '#264653', sky: ['#e0f2e9', '#b7dfc9'] },
  'Kids Bicycles': { frame: '#f4a261', accent: '#e76f51', sky: ['#fff3c4', '#ffe08a'] },
  'Electric Bikes': { frame: '#3a86ff', accent: '#0b2545', sky: ['#e3eeff', '#c2d8ff'] },
  'Hybrid Bicycle': { frame: '#8338ec', accent: '#3c096c', sky: ['#efe5ff', '#d9c5ff'] },
  'BMX Bike': { frame: '#111827', accent: '#ff006e', sky: ['#ffe3f1', '#ffc2df'] },
};

export interface Point {
  x: number;
  y: number;
}

/**
 * A side view of a bicycle: where its parts are, and the sizes of the small parts, which the
 * shop's pictures and the home page's larger hero bicycles draw differently.
 */
export interface BicycleDrawing {
  rear: Point;
  front: Point;
  bottomBracket: Point;
  seat: Point;
  headTop: Point;
  headBottom: Point;
  wheelRadius: number;
  tyreWidth: number;
  spokes: number;
  colours: {
    frame: string;
    accent: string;
    tyre: string;
    spokes: string;
    post: string;
    saddle: string;
  };
  /** The hero's spokes are half see-through; the shop's solid. */
  spokeOpacity?: number;
  /** A ring inside the tyre: `inset` from it, `width` wide. */
  rim?: { inset: number; width: number; opacity: number };
  hubRadius: number;
  tubeWidth: number;
  /** The top tube runs from the seat plus this offset to `headDrop` above the head tube's foot. */
  topTube: { dx: number; dy: number; headDrop: number };
  /** The seat post's top, from the seat, and its width. */
  post: { dx: number; dy: number; width: number };
  /** Where the saddle starts from the seat, and its outline as relative path commands. */
  saddle: { dx: number; dy: number; outline: string };
  bars: { width: number } & ({ drop: string } | { from: Point; to: Point });
  /** The ring round the bottom bracket. */
  chainring: { radius: number; width: number };
  /** Drawn under the frame (a suspension fork) and over it (a battery). */
  under?: string;
  over: string;
}

const n = (value: number) => String(value);

/** The bicycle's SVG elements, wheels first, so the frame lies over the spokes. */
export function drawBicycle(d: BicycleDrawing): string {
  const { rear, front, seat, headTop, headBottom, colours: c } = d;
  const bb = d.bottomBracket;
  const spokeLength = d.wheelRadius - d.tyreWidth;
  const spokes = Array.from({ length: d.spokes }, (_, i) => {
    const a = (i * Math.PI) / (d.spokes / 2);
    const dx = Math.cos(a) * spokeLength;
    const dy = Math.sin(a) * spokeLength;
    return [rear, front]
      .map(
        (w) =>
          `<line x1="${n(w.x)}" y1="${n(w.y)}" x2="${(w.x + dx).toFixed(1)}" y2="${(w.y + dy).toFixed(1)}"/>`,
      )
      .join('');
  }).join('');
  const wheel = (w: Point) =>
    `<circle cx="${n(w.x)}" cy="${n(w.y)}" r="${n(d.wheelRadius - d.tyreWidth / 2)}" fill="none" stroke="${c.tyre}" stroke-width="${n(d.tyreWidth)}"/>` +
    (d.rim
      ? `<circle cx="${n(w.x)}" cy="${n(w.y)}" r="${n(spokeLength - d.rim.inset)}" fill="none" stroke="${c.accent}" stroke-width="${n(d.rim.width)}" opacity="${n(d.rim.opacity)}"/>`
      : '') +
    `<circle cx="${n(w.x)}" cy="${n(w.y)}" r="${n(d.hubRadius)}" fill="${c.accent}"/>`;
  const bars =
    'drop' in d.bars
      ? `<path d="M${n(headTop.x)} ${n(headTop.y)} ${d.bars.drop}" fill="none" stroke="${c.accent}" stroke-width="${n(d.bars.width)}" stroke-linecap="round"/>`
      : `<line x1="${n(headTop.x + d.bars.from.x)}" y1="${n(headTop.y + d.bars.from.y)}" x2="${n(headTop.x + d.bars.to.x)}" y2="${n(headTop.y + d.bars.to.y)}" stroke="${c.accent}" stroke-width="${n(d.bars.width)}" stroke-linecap="round"/>`;
  const spokeOpacity = d.spokeOpacity === undefined ? '' : ` opacity="${n(d.spokeOpacity)}"`;
  return [
    `${wheel(rear)}${wheel(front)}`,
    `<g stroke="${c.spokes}" stroke-width="3"${spokeOpacity}>${spokes}</g>`,
    ...(d.under === undefined ? [] : [d.under]),
    `<g stroke="${c.frame}" stroke-width="${n(d.tubeWidth)}" stroke-linecap="round" stroke-linejoin="round" fill="none">`,
    `<path d="M${n(rear.x)} ${n(rear.y)} L${n(bb.x)} ${n(bb.y)} L${n(seat.x)} ${n(seat.y)} Z"/>`,
    `<path d="M${n(seat.x + d.topTube.dx)} ${n(seat.y + d.topTube.dy)} L${n(headBottom.x)} ${n(headBottom.y - d.topTube.headDrop)}"/>`,
    `<path d="M${n(bb.x)} ${n(bb.y)} L${n(headBottom.x)} ${n(headBottom.y)}"/>`,
    `<path d="M${n(headTop.x)} ${n(headTop.y)} L${n(front.x)} ${n(front.y)}"/>`,
    '</g>',
    d.over,
    `<line x1="${n(seat.x)}" y1="${n(seat.y)}" x2="${n(seat.x + d.post.dx)}" y2="${n(seat.y + d.post.dy)}" stroke="${c.post}" stroke-width="${n(d.post.width)}"/>`,
    `<path d="M${n(seat.x + d.saddle.dx)} ${n(seat.y + d.saddle.dy)} ${d.saddle.outline}" fill="${c.saddle}"/>`,
    bars,
    `<circle cx="${n(bb.x)}" cy="${n(bb.y)}" r="${n(d.chainring.radius)}" fill="none" stroke="${c.accent}" stroke-width="${n(d.chainring.width)}"/>`,
  ].join('\n');
}

/**
 * Which picture of a bicycle: its side, a close look at the drivetrain, or the other colourway
 * facing the other way, so a demo gallery holds three distinct pictures.
 */
export type ArtView = 'side' | 'detail' | 'colourway';

export interface ArtOptions {
  category: Category;
  /** 0..1, varies the shade and proportions of each bicycle. */
  variant: number;
  view?: ArtView;
}

function shade(hex: string, amount: number): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.max(0, Math.min(255, Math.round(c + amount * 255)));
  const r = mix((v >> 16) & 255);
  const g = mix((v >> 8) & 255);
  const b = mix(v & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Draws a side view of a bicycle as SVG (1200x900); the seed renders it to WebP. */
export function bicycleSvg({ category, variant, view = 'side' }: ArtOptions): string {
  const base = PALETTE[category];
  // The colourway swaps frame and accent and darkens the sky a little.
  const p =
    view === 'colourway'
      ? {
          frame: base.accent,
          accent: base.frame,
          sky: [shade(base.sky[1], -0.06), shade(base.sky[0], -0.02)] as [string, string],
        }
      : base;
  const kids = category === 'Kids Bicycles';
  const bmx = category === 'BMX Bike';
  const wheelRadius = kids ? 150 : bmx ? 165 : 205;
  const y = 640;
  const rear = { x: 330, y };
  const front = { x: kids || bmx ? 830 : 880, y };
  const bb = { x: (rear.x + front.x) / 2 - 20, y: y - 10 };
  const battery =
    category === 'Electric Bikes'
      ? `<rect x="${n(bb.x - 150)}" y="${n(bb.y - 190)}" width="120" height="52" rx="14" transform="rotate(-38 ${n(bb.x - 90)} ${n(bb.y - 164)})" fill="${p.accent}"/>`
      : '';
  const bicycle = drawBicycle({
    rear,
    front,
    bottomBracket: bb,
    seat: { x: bb.x - 70 - variant * 20, y: y - (kids ? 300 : 360) },
    headTop: { x: front.x - 90, y: y - (kids ? 320 : 390) },
    headBottom: { x: front.x - 70, y: y - (kids ? 230 : 290) },
    wheelRadius,
    tyreWidth: category === 'Mountain Bike' ? 26 : category === 'Road Bicycle' ? 10 : bmx ? 22 : 16,
    spokes: 12,
    colours: {
      frame: shade(p.frame, (variant - 0.5) * 0.25),
      accent: p.accent,
      tyre: '#1f2937',
      spokes: '#9ca3af',
      post: '#374151',
      saddle: '#111827',
    },
    hubRadius: 16,
    tubeWidth: 22,
    topTube: { dx: 10, dy: 25, headDrop: 40 },
    post: { dx: -8, dy: -40, width: 14 },
    saddle: { dx: -70, dy: -48, outline: 'h110 q 10 0 0 16 h-100 z' },
    bars:
      category === 'Road Bicycle'
        ? { width: 16, drop: 'q 70 -10 80 30 q 5 40 -30 45' }
        : { width: 16, from: { x: -40, y: -20 }, to: { x: 60, y: -30 } },
    chainring: { radius: 34, width: 10 },
    over: battery,
  });
  // The detail frames the bottom bracket 2.5 times closer; the colourway faces left.
  const viewBox = view === 'detail' ? `${n(bb.x - 240)} ${n(bb.y - 230)} 480 360` : '0 0 1200 900';
  const drawn =
    view === 'colourway' ? `<g transform="translate(1200 0) scale(-1 1)">${bicycle}</g>` : bicycle;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="${viewBox}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
<rect width="1200" height="900" fill="url(#sky)"/>
<ellipse cx="600" cy="${n(y + wheelRadius + 20)}" rx="470" ry="26" fill="#000" opacity="0.12"/>
${drawn}
</svg>`;
}
