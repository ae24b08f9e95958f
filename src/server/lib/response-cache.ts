/** A serialized answer and its strong ETag, computed once when it was stored. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * Serialized answers of hot read routes, keyed by their normalized query. Every entry remembers the
 * catalog version it was read under, and any change bumps the version, so an answer read before a
 * write is never served after it, even when the read finishes after the write.
 */
export class ResponseCache {
  private version = 0;
  private readonly entries = new Map<string, CachedAnswer & { version: number }>();
  /** Other keys an entry is found under (an address as sent), each naming the entry's key. */
  private readonly aliases = new Map<string, string>();

  constructor(private readonly maxEntries = 500) {}

  /** The version to capture before reading the database for a fill. */
  currentVersion(): number {
    return this.version;
  }

  get(keyOrAlias: string): CachedAnswer | undefined {
    const key = this.aliases.get(keyOrAlias) ?? keyOrAlias;
    const entry = this.entries.get(key);
    if (!entry) {
      this.aliases.delete(keyOrAlias);
      return undefined;
    }
    if (entry.version !== this.version) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency: Map keeps insertion order, so the oldest key is evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: CachedAnswer, readAtVersion: number): void {
    if (readAtVersion !== this.version) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...answer, version: readAtVersion });
  }

  /** Lets `get(alias)` find the entry stored under `key`, for as long as that entry lives. */
  alias(alias: string, key: string): void {
    // A few addresses per entry at most; the oldest go first, like the entries.
    if (this.aliases.size >= this.maxEntries * 4) {
      const oldest = this.aliases.keys().next().value;
      if (oldest !== undefined) this.aliases.delete(oldest);
    }
    this.aliases.set(alias, key);
  }

  invalidate(): void {
    this.version += 1;
    this.entries.clear();
    this.aliases.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
