import type { FastifyBaseLogger } from 'fastify';
import type { ProductSuggestions } from '#shared/contract/product.ts';
import type { CatalogChange } from '#server/db/change-feed.ts';
import type { Executor } from '#server/db/client.ts';
import type { ImageUrls } from '../uploads/images.ts';
import { suggestedProduct } from './products.suggest.ts';
import { SuggestionIndex } from './suggestion-index.ts';
import {
  readCategoryWords,
  readChangedProducts,
  readLiveProducts,
} from './suggestion-index.repository.ts';

/** How long a failed read waits before it is tried again. */
const RETRY_MS = 1_000;

/**
 * Keeps this instance's suggestion index (decision 033): built from the database in the
 * background at start-up, then kept current from the catalog's change feed. A write to what
 * suggestions hold (from any instance) makes it read the rows marked since its last read; a
 * removal, or a gap in the feed, makes it read the whole catalog again into a new index, swapped
 * in when complete. Until an index holds the whole catalog, while a write heard of is not read
 * yet, and while the feed is reconnecting, `current()` is undefined and the suggestions come from
 * PostgreSQL (decision 028), so no answer is older than the writes this instance knows of.
 */
export class CatalogSuggestions {
  private index: SuggestionIndex | undefined;
  private horizon = '0';
  /** Full reads asked for, begun and done: a removal during a read asks for another. */
  private fullAsked = 1;
  private fullBegun = 0;
  private fullDone = 0;
  /** Marked writes heard of, and those read: the index is behind while they differ. */
  private changesAsked = 0;
  private changesDone = 0;
  private running: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    private readonly feedLive: () => boolean,
  ) {}

  /** Builds the first index, in the background. */
  start(): void {
    this.kick();
  }

  /** The index when it holds the whole catalog as the feed last told it. */
  current(): SuggestionIndex | undefined {
    if (this.fullDone !== this.fullAsked || this.changesDone !== this.changesAsked)
      return undefined;
    return this.feedLive() ? this.index : undefined;
  }

  /** The feed's news, or this instance's own committed write (`marked`, to be safe). */
  changed(change: CatalogChange): void {
    if (change === 'written') return;
    if (change === 'marked') this.changesAsked += 1;
    else if (this.fullAsked === this.fullBegun) this.fullAsked += 1;
    this.kick();
  }

  /** Resolves once no read is under way or owed (tests; close). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.settled();
  }

  private kick(): void {
    if (this.running || this.closed || this.retry) return;
    this.running = this.work().finally(() => {
      this.running = undefined;
    });
  }

  private async work(): Promise<void> {
    try {
      while (
        !this.closed &&
        (this.fullDone !== this.fullAsked || this.changesDone !== this.changesAsked)
      ) {
        if (this.fullDone !== this.fullAsked) await this.readAll();
        else await this.readChanges();
      }
    } catch (error) {
      this.log.warn({ err: error }, 'suggestion index could not be read; trying again');
      if (this.closed) return;
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.kick();
      }, RETRY_MS);
    }
  }

  private async readAll(): Promise<void> {
    const target = this.fullAsked;
    this.fullBegun = target;
    // Marks heard of so far are in this read; any write from here on is read as a change.
    const changes = this.changesAsked;
    const started = performance.now();
    const categories = await readCategoryWords(this.db);
    const { horizon, rows } = await readLiveProducts(this.db);
    this.index = SuggestionIndex.of(rows, categories);
    this.horizon = horizon;
    this.fullDone = target;
    this.changesDone = Math.max(this.changesDone, changes);
    this.log.info(
      { products: rows.length, ms: Math.round(performance.now() - started) },
      'suggestion index built',
    );
  }

  private async readChanges(): Promise<void> {
    const target = this.changesAsked;
    const { horizon, rows } = await readChangedProducts(this.db, this.horizon);
    for (const row of rows) {
      if (row.deleted) this.index?.remove(row.id);
      else this.index?.upsert(row);
    }
    this.horizon = horizon;
    this.changesDone = target;
  }
}

/** The index's answer in the contract's shape. */
export function indexedSuggestions(
  index: SuggestionIndex,
  term: string,
  imageUrls: ImageUrls,
): ProductSuggestions {
  const found = index.suggest(term);
  return {
    products: found.products.map((row) => suggestedProduct(row, imageUrls)),
    brands: found.brands,
    categories: found.categories,
  };
}
