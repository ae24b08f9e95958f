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

export interface ArtOptions {
  category: Category;
  /** 0..1, varies the shade and proportions of each bicycle. */
  variant: number;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.max(0, Math.min(255, Math.round(c + amount * 255)));
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Draws a side view of a bicycle as SVG (1200x900); the seed renders it to WebP. */
export function bicycleSvg({ category, variant }: ArtOptions): string {
  const p = PALETTE[category];
  const frame = shade(p.frame, (variant - 0.5) * 0.25);
  const kids = category === 'Kids Bicycles';
  const bmx = category === 'BMX Bike';
  const wheelR = kids ? 150 : bmx ? 165 : 205;
  const tyre = category === 'Mountain Bike' ? 26 : category === 'Road Bicycle' ? 10 : bmx ? 22 : 16;
  const y = 640;
  const rear = { x: 330, y };
  const front = { x: kids || bmx ? 830 : 880, y };
  const bb = { x: (rear.x + front.x) / 2 - 20, y: y - 10 };
  const seatTop = { x: bb.x - 70 - variant * 20, y: y - (kids ? 300 : 360) };
  const headTop = { x: front.x - 90, y: y - (kids ? 320 : 390) };
  const headBottom = { x: front.x - 70, y: y - (kids ? 230 : 290) };
  const spokes = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const dx = Math.cos(a) * (wheelR - tyre);
    const dy = Math.sin(a) * (wheelR - tyre);
    return [rear, front]
      .map(
        (w) =>
          `<line x1="${String(w.x)}" y1="${String(w.y)}" x2="${(w.x + dx).toFixed(1)}" y2="${(w.y + dy).toFixed(1)}"/>`,
      )
      .join('');
  }).join('');
  const bars =
    category === 'Road Bicycle'
      ? `<path d="M${String(headTop.x)} ${String(headTop.y)} q 70 -10 80 30 q 5 40 -30 45" fill="none" stroke="${p.accent}" stroke-width="16" stroke-linecap="round"/>`
      : `<line x1="${String(headTop.x - 40)}" y1="${String(headTop.y - 20)}" x2="${String(headTop.x + 60)}" y2="${String(headTop.y - 30)}" stroke="${p.accent}" stroke-width="16" stroke-linecap="round"/>`;
  const battery =
    category === 'Electric Bikes'
      ? `<rect x="${String(bb.x - 150)}" y="${String(bb.y - 190)}" width="120" height="52" rx="14" transform="rotate(-38 ${String(bb.x - 90)} ${String(bb.y - 164)})" fill="${p.accent}"/>`
      : '';
  const wheel = (w: { x: number; y: number }) =>
    `<circle cx="${String(w.x)}" cy="${String(w.y)}" r="${String(wheelR - tyre / 2)}" fill="none" stroke="#1f2937" stroke-width="${String(tyre)}"/>` +
    `<circle cx="${String(w.x)}" cy="${String(w.y)}" r="16" fill="${p.accent}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
<rect width="1200" height="900" fill="url(#sky)"/>
<ellipse cx="600" cy="${String(y + wheelR + 20)}" rx="470" ry="26" fill="#000" opacity="0.12"/>
${wheel(rear)}${wheel(front)}
<g stroke="#9ca3af" stroke-width="3">${spokes}</g>
<g stroke="${frame}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round" fill="none">
<path d="M${String(rear.x)} ${String(rear.y)} L${String(bb.x)} ${String(bb.y)} L${String(seatTop.x)} ${String(seatTop.y)} Z"/>
<path d="M${String(seatTop.x + 10)} ${String(seatTop.y + 25)} L${String(headBottom.x)} ${String(headBottom.y - 40)}"/>
<path d="M${String(bb.x)} ${String(bb.y)} L${String(headBottom.x)} ${String(headBottom.y)}"/>
<path d="M${String(headTop.x)} ${String(headTop.y)} L${String(front.x)} ${String(front.y)}"/>
</g>
${battery}
<line x1="${String(seatTop.x)}" y1="${String(seatTop.y)}" x2="${String(seatTop.x - 8)}" y2="${String(seatTop.y - 40)}" stroke="#374151" stroke-width="14"/>
<path d="M${String(seatTop.x - 70)} ${String(seatTop.y - 48)} h110 q 10 0 0 16 h-100 z" fill="#111827"/>
${bars}
<circle cx="${String(bb.x)}" cy="${String(bb.y)}" r="34" fill="none" stroke="${p.accent}" stroke-width="10"/>
</svg>`;
}
