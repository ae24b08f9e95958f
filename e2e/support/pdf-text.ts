import { inflateSync } from 'node:zlib';

/**
 * The pages and the text of a PDF as Chromium prints it (plain objects, Flate streams, Type0 fonts
 * with ToUnicode maps), read without a PDF library: enough to check what a printout shows.
 */
export function readPdf(pdf: Buffer): { pages: number; text: string } {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  const objectPattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = objectPattern.exec(raw); m; m = objectPattern.exec(raw)) {
    const body = m[2] ?? '';
    const streamAt = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (streamAt >= 0) {
      dict = body.slice(0, streamAt);
      const start = body.slice(streamAt + 6).replace(/^\r?\n/, '');
      const data = Buffer.from(start.slice(0, start.lastIndexOf('endstream')), 'latin1');
      try {
        stream = /\/FlateDecode/.test(dict) ? inflateSync(data) : data;
      } catch {
        stream = null;
      }
    }
    objects.set(m[1] ?? '', { dict, stream });
  }

  const pages = [...objects.values()].filter((o) => /\/Type\s*\/Page(?!s)/.test(o.dict));
  const ref = (dict: string, key: string) => new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict)?.[1];

  /** A font's glyph codes (hex) and the text each stands for. */
  function unicodeMap(fontId: string): Map<string, string> {
    const map = new Map<string, string>();
    const cmapId = ref(objects.get(fontId)?.dict ?? '', 'ToUnicode');
    const cmap = cmapId ? objects.get(cmapId)?.stream?.toString('latin1') : undefined;
    if (!cmap) return map;
    const hexText = (hex: string) =>
      String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
    for (const block of cmap.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
      for (const [, code, text] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        map.set((code ?? '').toUpperCase(), hexText(text ?? ''));
    }
    for (const block of cmap.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
      for (const [, lo, hi, start] of block.matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      )) {
        const from = parseInt(lo ?? '0', 16);
        const first = parseInt(start ?? '0', 16);
        for (let c = from; c <= parseInt(hi ?? '0', 16); c++)
          map.set(
            c
              .toString(16)
              .toUpperCase()
              .padStart(lo?.length ?? 4, '0'),
            String.fromCodePoint(first + c - from),
          );
      }
    }
    return map;
  }

  let text = '';
  for (const page of pages) {
    const resourcesId = ref(page.dict, 'Resources');
    const resources = resourcesId ? (objects.get(resourcesId)?.dict ?? '') : page.dict;
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map<string, Map<string, string>>();
    for (const [, name, id] of fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g))
      fonts.set(name ?? '', unicodeMap(id ?? ''));
    const contentsId = ref(page.dict, 'Contents');
    const content = contentsId ? (objects.get(contentsId)?.stream?.toString('latin1') ?? '') : '';
    let font = new Map<string, string>();
    for (const [, name, hexes] of content.matchAll(
      /\/(\w+)\s+[\d.]+\s+Tf|(\[[^\]]*\]\s*TJ|<[0-9A-Fa-f]*>\s*Tj)/g,
    )) {
      if (name) {
        font = fonts.get(name) ?? new Map<string, string>();
        continue;
      }
      for (const [, hex] of (hexes ?? '').matchAll(/<([0-9A-Fa-f]*)>/g)) {
        for (const code of (hex ?? '').toUpperCase().match(/.{4}/g) ?? [])
          text += font.get(code) ?? '';
      }
      text += ' ';
    }
  }
  return { pages: pages.length, text: text.replace(/\s+/g, ' ') };
}
