import type { RenderedPage } from './render.ts';

export interface PageCacheLimits {
  entries: number;
  /** All kept pages together, in bytes of HTML. */
  bytes: number;
  /** A page larger than this is never kept: it would push out many others. */
  pageBytes: number;
}

/**
 * The largest page the store renders, a shop page of bicycles whose names, brands and 5,000-character
 * descriptions are all markup characters, is about 550 KB; a typical catalog page is 30 to 150 KB,
 * so 200 of them fit the total.
 */
export const PAGE_CACHE_LIMITS: PageCacheLimits = {
  entries: 200,
  bytes: 32 * 1024 * 1024,
  pageBytes: 1024 * 1024,
};

type Entry = RenderedPage & { html: Buffer; version: number };

/**
 * Anonymous HTML of catalog pages, stamped with the catalog version it was rendered under, least
 * recently used out first. Bounded by bytes as well as by count: every address (each search term)
 * is an entry of its own, so a count alone lets large pages take any amount of memory.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly limits: PageCacheLimits = PAGE_CACHE_LIMITS) {}

  /** What the cache holds now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }

  get(key: string, version: number): RenderedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.drop(key, entry);
    if (entry.version !== version) return undefined;
    this.keep(key, entry);
    return entry;
  }

  set(key: string, page: RenderedPage, version: number): void {
    const html = Buffer.from(page.html);
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (html.length > this.limits.pageBytes) return;
    for (const [oldest, entry] of this.entries) {
      if (
        this.entries.size < this.limits.entries &&
        this.total + html.length <= this.limits.bytes
      ) {
        break;
      }
      this.drop(oldest, entry);
    }
    this.keep(key, { ...page, html, version, cached: true });
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.total += entry.html.length;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.total -= entry.html.length;
  }
}
