/** The places in index.html that a rendered page fills. */
export type SlotName = 'title' | 'description' | 'preloads' | 'head' | 'root';

interface Span {
  start: number;
  end: number;
}

export const ROOT = '<div id="root"></div>';
const VIEWPORT = /<meta\s+name="viewport"[^>]*>/;

function find(html: string, pattern: RegExp | string): Span | undefined {
  if (typeof pattern === 'string') {
    const start = html.indexOf(pattern);
    return start < 0 ? undefined : { start, end: start + pattern.length };
  }
  const match = pattern.exec(html);
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
}

const at = (span: Span | undefined, edge: 'start' | 'end'): Span | undefined =>
  span && { start: span[edge], end: span[edge] };

/**
 * index.html cut once at the places a page fills; a render joins the pieces and its own text. The
 * text goes in as it is: `String.prototype.replace` would read `` $` ``, `$'` or `$&` in a product's
 * name or a search term as patterns and paste parts of the page into the page. Nor is text put in
 * one place ever searched for the next place.
 */
export class PageTemplate {
  private readonly slots: (Span & { name: SlotName })[];

  constructor(readonly html: string) {
    const spans: Record<SlotName, Span | undefined> = {
      title: find(html, /<title>[^<]*<\/title>/),
      description: find(html, /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/),
      // After the viewport: a picture's preload picks its width from the viewport known by then
      // (before it, a phone's preload takes the desktop width and fetches the largest picture too).
      preloads: at(find(html, VIEWPORT) ?? find(html, '<meta charset="UTF-8" />'), 'end'),
      head: at(find(html, '</head>'), 'start'),
      root: find(html, ROOT),
    };
    this.slots = Object.entries(spans)
      .flatMap(([name, span]) => (span ? [{ name: name as SlotName, ...span }] : []))
      .sort((a, b) => a.start - b.start);
  }

  /** The page with each given slot's text in place of that slot; the others as they are. */
  fill(values: Partial<Record<SlotName, string>>): string {
    const parts: string[] = [];
    let from = 0;
    for (const slot of this.slots) {
      const value = values[slot.name];
      if (value === undefined) continue;
      parts.push(this.html.slice(from, slot.start), value);
      from = slot.end;
    }
    parts.push(this.html.slice(from));
    return parts.join('');
  }
}
