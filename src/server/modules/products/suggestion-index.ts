import type { Category } from '#shared/contract/product.ts';
import { searchWords } from './products.search.ts';
import { forgivesTypos, lettersOf, typoDistance, typosAllowed } from './typo-distance.ts';

/** What the suggestions hold of one live product (decision 033). */
export interface SuggestionRow {
  id: string;
  slug: string;
  name: string;
  brand: string;
  category: Category;
  priceCents: number;
  imageKey: string | null;
  /** Microseconds since the epoch: the order of products_created_at_idx, to the microsecond. */
  createdAtUs: number;
  /** products.search_document: name, brand, category and spec words, lowercase. */
  document: string;
}

/** A category and the words its search documents hold for it ("mountain bike mtb"). */
export interface CategoryWords {
  category: Category;
  words: string;
}

/** What the index keeps of a product: the row without its document, which its tokens replace. */
export type SuggestedProduct = Omit<SuggestionRow, 'document'>;

/** The bicycles, brands and categories an as-you-type list shows. */
export interface IndexedSuggestions {
  products: SuggestedProduct[];
  brands: string[];
  categories: Category[];
}

/** Bicycles and brands an as-you-type list shows at most. */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_BRANDS = 4;
/** Matches ranked for the list at most: enough that every rank has its best among them. */
export const SUGGESTION_CANDIDATES = 50;
/** The newest live products a term is first looked for in, to tell a common term from a rare one. */
export const PROBE_ROWS = 500;
/** Words shorter than this name no brand or category: one letter is in most of them. */
const NAMING_WORD_MIN = 2;
/** Words shorter than this are not in the typo vocabulary (as product_search_words). */
const VOCABULARY_MIN = 3;
/** Corrections kept per word, as products.search.ts keeps them. */
const MAX_CORRECTIONS = 8;
/** Typed words whose matching tokens and corrections are remembered until the vocabulary changes. */
const MEMO_LIMIT = 5_000;
/** A one-word term held by at most this many tokens has their posting lists merged. */
const MERGED_LISTS = 64;
/**
 * The newest products a term of several words is first looked for in, when its rarest word is in
 * enough of the catalog that they may well hold its 50.
 */
const WALK_NEWEST = 200;
/** Products holding every word of a term, at most, that are sorted rather than walked to. */
const SORTED_SURVIVORS = 2_000;
/**
 * A word is marked in a set of slots while it holds at most this many postings per product still
 * in the running; past that its few remaining products are tested for it instead. Marking a
 * posting is one write to a small array; testing a product reads its tokens from wherever they
 * are in memory (about a hundred times as long, measured over the generated catalog).
 */
const MARK_RATIO = 64;

interface Entry {
  row: SuggestedProduct;
  /**
   * The ids of the distinct words (split at white space) of its document: a plain array of small
   * integers, where a typed array per product costs an ArrayBuffer each.
   */
  tokens: number[];
}

/** One typed word, resolved against the index's words. */
interface ResolvedWord {
  folded: string;
  /** The word as typed and its corrections, each lowercase: a product holds one of them. */
  patterns: readonly string[];
  /** marks[token] is 1 when that token holds one of the patterns. */
  marks: Uint8Array;
  /** The tokens marked, to reach their products through the postings. */
  tokens: readonly number[];
  /** How many postings those tokens hold together (a product holding two is counted twice). */
  postings: number;
}

/** Code point order, as PostgreSQL's C collation sorts names and brands. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The catalog's live products in memory, so a suggestion reads no database (decision 033). A
 * product is found by the white-space separated words of its search document: a typed word (no
 * white space) is a substring of the document exactly when it is a substring of one of those
 * words, so the distinct words are searched instead of 100,000 documents, and their postings
 * lead to the products. The words' letter-and-digit parts of three characters or more are the
 * typo vocabulary, as product_search_words is in PostgreSQL (decision 023).
 */
export class SuggestionIndex {
  private readonly entries: (Entry | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private readonly slotOf = new Map<string, number>();
  /** Slots newest first: created_at descending, then id, as products_created_at_idx. */
  private readonly newest: number[] = [];

  private readonly tokenIds = new Map<string, number>();
  private readonly tokenText: string[] = [];
  /** The live products holding each token (slots), newest first. */
  private readonly postings: number[][] = [];
  private readonly freeTokens: number[] = [];

  /** Vocabulary word → how many live tokens hold it. */
  private readonly vocabulary = new Map<string, number>();
  private readonly vocabularyByLength = new Map<number, Set<string>>();

  private readonly brandCounts = new Map<string, number>();
  /** One string per brand and category, so 100,000 rows share them. */
  private readonly interned = new Map<string, string>();

  /** created_at by slot, read by every comparison of the newest matches. */
  private createdAt = new Float64Array(0);
  /** Each slot's position in `newest`, renumbered after the products change. */
  private rank = new Int32Array(0);
  private rankStale = true;
  /** Scratch sets of slots, one bit each, reused by every search (the server runs one at a time). */
  private held = new Uint32Array(0);
  private heldByWord = new Uint32Array(0);

  private readonly matchMemo = new Map<string, { marks: Uint8Array; tokens: number[] }>();
  private readonly correctionMemo = new Map<string, string[]>();
  /** Typed words resolved, until the products change (their postings' sizes with them). */
  private readonly resolvedMemo = new Map<string, ResolvedWord>();

  constructor(private readonly categoryWords: readonly CategoryWords[]) {}

  get size(): number {
    return this.slotOf.size;
  }

  /**
   * An index of these products, added newest first, so every posting list and `newest` come out in
   * that order without a sort each.
   */
  static of(
    rows: readonly SuggestionRow[],
    categoryWords: readonly CategoryWords[],
  ): SuggestionIndex {
    const index = new SuggestionIndex(categoryWords);
    const ordered = [...rows].sort(
      (a, b) => b.createdAtUs - a.createdAtUs || byCodePoint(a.id, b.id),
    );
    for (const row of ordered) index.newest.push(index.add(row, true));
    return index;
  }

  /** Adds a product, or replaces what the index holds of it. */
  upsert(row: SuggestionRow): void {
    this.remove(row.id);
    const slot = this.add(row, false);
    const entry = this.entries[slot];
    if (entry) this.newest.splice(this.newestPosition(entry.row), 0, slot);
  }

  /**
   * Stores a product not yet in the index, except in `newest`; its slot. `last`: it is older than
   * every product already in (a build, newest first), so it goes at the end of each posting list.
   */
  private add(row: SuggestionRow, last: boolean): number {
    const { document, ...shown } = row;
    const stored: SuggestedProduct = {
      ...shown,
      brand: this.intern(row.brand),
      category: this.intern(row.category) as Category,
    };
    const slot = this.freeSlots.pop() ?? this.entries.length;
    if (slot >= this.createdAt.length) {
      const grown = new Float64Array(Math.max(1024, slot * 2));
      grown.set(this.createdAt);
      this.createdAt = grown;
    }
    this.createdAt[slot] = row.createdAtUs;
    const entry: Entry = { row: stored, tokens: [] };
    this.entries[slot] = entry;
    entry.tokens = distinctWords(document).map((t) => this.addToken(t, slot, last));
    this.slotOf.set(row.id, slot);
    this.productsChanged();
    this.brandCounts.set(stored.brand, (this.brandCounts.get(stored.brand) ?? 0) + 1);
    return slot;
  }

  /** Lets go of a product (deleted, or no longer there). */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const entry = this.entries[slot];
    if (!entry) return;
    const at = this.newestPosition(entry.row);
    if (this.newest[at] === slot) this.newest.splice(at, 1);
    for (const token of entry.tokens) this.dropToken(token, slot);
    const left = (this.brandCounts.get(entry.row.brand) ?? 1) - 1;
    if (left > 0) this.brandCounts.set(entry.row.brand, left);
    else this.brandCounts.delete(entry.row.brand);
    this.entries[slot] = undefined;
    this.freeSlots.push(slot);
    this.slotOf.delete(id);
    this.productsChanged();
  }

  /** Positions in `newest` and the sizes of postings are no longer what was remembered. */
  private productsChanged(): void {
    this.rankStale = true;
    this.resolvedMemo.clear();
  }

  /**
   * The six best bicycles for the term (decision 028's rules over the index: at most 50
   * candidates, the newest matches of a common term), and the brands and categories its words name.
   */
  suggest(term: string): IndexedSuggestions {
    const words = searchWords(term);
    if (words.length === 0) return { products: [], brands: [], categories: [] };
    const resolved = words.map((w) => this.resolve(w));
    const candidates = this.candidates(resolved, words);
    const folded = term.toLowerCase();
    const ranked = candidates
      .map((slot) => this.entries[slot]?.row)
      .filter((row): row is SuggestedProduct => row !== undefined)
      .map((row) => ({ row, rank: rankOf(row, folded, resolved) }))
      .sort(
        (a, b) =>
          a.rank - b.rank || byCodePoint(a.row.name, b.row.name) || byCodePoint(a.row.id, b.row.id),
      )
      .slice(0, SUGGESTED_PRODUCTS)
      .map((r) => r.row);
    return { products: ranked, ...this.names(words, resolved) };
  }

  /**
   * The SUGGESTION_CANDIDATES newest matches. A term of one-letter words is looked for among the
   * PROBE_ROWS newest products only, as in PostgreSQL. A one-word term of a few tokens merges their
   * posting lists (each newest first) and stops at the bound: about 50 steps. A longer term is
   * first looked for among the WALK_NEWEST newest products, where words that often meet have their
   * 50; failing that, each word's products are marked in a set of slots and the sets intersected:
   * one pass over the words' postings, whether the words meet often, seldom or never.
   */
  private candidates(resolved: readonly ResolvedWord[], words: readonly string[]): number[] {
    if (!words.some((w) => lettersOf(w).length >= 2))
      return this.newestMatching(resolved, Math.min(PROBE_ROWS, this.newest.length));
    const [only, ...others] = resolved;
    if (!only || resolved.some((w) => w.postings === 0)) return [];
    if (others.length === 0 && only.tokens.length <= MERGED_LISTS) return this.merged(only);
    const rarest = Math.min(...resolved.map((w) => w.postings));
    if (others.length > 0 && rarest * WALK_NEWEST >= this.newest.length * SUGGESTION_CANDIDATES) {
      const depth = Math.min(WALK_NEWEST, this.newest.length);
      const walked = this.newestMatching(resolved, depth);
      if (walked.length >= SUGGESTION_CANDIDATES || depth === this.newest.length) return walked;
    }
    return this.intersected(resolved);
  }

  /**
   * The products holding the word, newest first, up to the bound: a merge of its tokens' posting
   * lists through a heap of their heads.
   */
  private merged(word: ResolvedWord): number[] {
    const rank = this.ranks();
    const lists = word.tokens.map((t) => this.postings[t] ?? []).filter((l) => l.length > 0);
    const at = new Int32Array(lists.length);
    const heap = lists.map((_, i) => i);
    const headRank = (list: number) => rank[lists[list]?.[at[list] ?? 0] ?? 0] ?? 0;
    const down = (from: number) => {
      let i = from;
      for (;;) {
        const left = 2 * i + 1;
        let top = i;
        if (left < heap.length && headRank(heap[left] ?? 0) < headRank(heap[top] ?? 0)) top = left;
        if (left + 1 < heap.length && headRank(heap[left + 1] ?? 0) < headRank(heap[top] ?? 0))
          top = left + 1;
        if (top === i) return;
        [heap[i], heap[top]] = [heap[top] ?? 0, heap[i] ?? 0];
        i = top;
      }
    };
    for (let i = (heap.length >> 1) - 1; i >= 0; i -= 1) down(i);
    const found: number[] = [];
    while (heap.length > 0 && found.length < SUGGESTION_CANDIDATES) {
      const list = heap[0] ?? 0;
      const slot = lists[list]?.[at[list] ?? 0] ?? 0;
      at[list] = (at[list] ?? 0) + 1;
      if ((at[list] ?? 0) >= (lists[list]?.length ?? 0)) {
        heap[0] = heap[heap.length - 1] ?? 0;
        heap.pop();
      }
      if (heap.length > 1) down(0);
      // A product holding two of the word's tokens comes out of both lists, one after the other.
      if (slot !== found[found.length - 1]) found.push(slot);
    }
    return found;
  }

  /** The matches among the `depth` newest products, up to the bound. */
  private newestMatching(resolved: readonly ResolvedWord[], depth: number): number[] {
    const found: number[] = [];
    for (let i = 0; i < depth && found.length < SUGGESTION_CANDIDATES; i += 1) {
      const slot = this.newest[i];
      if (slot !== undefined && this.matches(slot, resolved)) found.push(slot);
    }
    return found;
  }

  /**
   * The products holding every word, newest first, up to the bound: the rarest word's products
   * marked in a set of slots, intersected with the set of each word not much commoner than what is
   * left; the products left are tested for the commonest words one by one (a word in most of the
   * catalog costs more to mark than the few products it is to be found in).
   */
  private intersected(resolved: readonly ResolvedWord[]): number[] {
    const byRarity = [...resolved].sort((a, b) => a.postings - b.postings);
    const words = (this.entries.length + 31) >>> 5;
    if (this.held.length < words) {
      this.held = new Uint32Array(words * 2);
      this.heldByWord = new Uint32Array(words * 2);
    }
    const held = this.held;
    const marked: ResolvedWord[] = [];
    let count = 0;
    for (const word of byRarity) {
      if (marked.length > 0 && word.postings > count * MARK_RATIO) break;
      const target = marked.length === 0 ? held : this.heldByWord;
      target.fill(0, 0, words);
      for (const token of word.tokens)
        for (const slot of this.postings[token] ?? [])
          target[slot >>> 5] = (target[slot >>> 5] ?? 0) | (1 << (slot & 31));
      count = 0;
      for (let w = 0; w < words; w += 1) {
        if (marked.length > 0) held[w] = (held[w] ?? 0) & (target[w] ?? 0);
        count += bitCount(held[w] ?? 0);
      }
      marked.push(word);
    }
    const rest = byRarity.slice(marked.length);
    const isHeld = (slot: number) =>
      ((held[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0 && this.matches(slot, rest);
    // Many left: the newest are soon met walking newest first. Few: sorting them is less.
    if (count > SORTED_SURVIVORS) {
      const found: number[] = [];
      for (let i = 0; i < this.newest.length && found.length < SUGGESTION_CANDIDATES; i += 1) {
        const slot = this.newest[i];
        if (slot !== undefined && isHeld(slot)) found.push(slot);
      }
      return found;
    }
    const found: number[] = [];
    for (let w = 0; w < words; w += 1) {
      let bits = held[w] ?? 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const slot = (w << 5) + 31 - Math.clz32(low);
        if (this.matches(slot, rest)) found.push(slot);
        bits ^= low;
      }
    }
    return this.newestOf(found);
  }

  /** Each slot's position in `newest`, renumbered if the products changed since. */
  private ranks(): Int32Array {
    if (this.rankStale) {
      if (this.rank.length < this.entries.length) this.rank = new Int32Array(this.createdAt.length);
      this.newest.forEach((slot, position) => {
        this.rank[slot] = position;
      });
      this.rankStale = false;
    }
    return this.rank;
  }

  /** The SUGGESTION_CANDIDATES newest of these slots, newest first. */
  private newestOf(slots: number[]): number[] {
    const rank = this.ranks();
    return slots.sort((a, b) => (rank[a] ?? 0) - (rank[b] ?? 0)).slice(0, SUGGESTION_CANDIDATES);
  }

  /** Whether the product in slot `a` comes before the one in `b`, newest first. */
  private newer(a: number, b: number): boolean {
    const x = this.createdAt[a] ?? 0;
    const y = this.createdAt[b] ?? 0;
    if (x !== y) return x > y;
    return (this.entries[a]?.row.id ?? '') < (this.entries[b]?.row.id ?? '');
  }

  /** Whether the product holds every word. */
  private matches(slot: number, resolved: readonly ResolvedWord[]): boolean {
    const tokens = this.entries[slot]?.tokens;
    if (!tokens) return false;
    // Plain loops: this runs for hundreds of products a search, and closures here cost collections.
    for (const word of resolved) {
      let held = false;
      for (let i = 0; i < tokens.length && !held; i += 1) held = word.marks[tokens[i] ?? 0] === 1;
      if (!held) return false;
    }
    return true;
  }

  /** The live brands and the categories a word of two characters or more (or a correction) names. */
  private names(
    words: readonly string[],
    resolved: readonly ResolvedWord[],
  ): { brands: string[]; categories: Category[] } {
    const naming = resolved.filter((_, i) => lettersOf(words[i] ?? '').length >= NAMING_WORD_MIN);
    if (naming.length === 0) return { brands: [], categories: [] };
    const names = (text: string) => naming.some((w) => w.patterns.some((p) => text.includes(p)));
    const first = (words[0] ?? '').toLowerCase();
    const brands = [...this.brandCounts.keys()]
      .filter((brand) => names(brand.toLowerCase()))
      .sort(
        (a, b) =>
          Number(b.toLowerCase().startsWith(first)) - Number(a.toLowerCase().startsWith(first)) ||
          byCodePoint(a, b),
      )
      .slice(0, SUGGESTED_BRANDS);
    const categories = this.categoryWords.filter((c) => names(c.words)).map((c) => c.category);
    return { brands, categories };
  }

  /** A typed word: the tokens holding it or one of its corrections. */
  private resolve(word: string): ResolvedWord {
    const known = this.resolvedMemo.get(word);
    if (known) return known;
    const folded = word.toLowerCase();
    const patterns = [folded, ...this.correctionsOf(word, folded)];
    let marks: Uint8Array;
    let tokens: number[];
    if (patterns.length === 1) {
      ({ marks, tokens } = this.tokensHolding(folded));
    } else {
      marks = new Uint8Array(this.tokenText.length);
      tokens = [];
      for (const pattern of patterns) {
        for (const token of this.tokensHolding(pattern).tokens) {
          if (marks[token] === 1) continue;
          marks[token] = 1;
          tokens.push(token);
        }
      }
    }
    let postings = 0;
    for (const token of tokens) postings += this.postings[token]?.length ?? 0;
    const resolved = { folded, patterns, marks, tokens, postings };
    remember(this.resolvedMemo, word, resolved);
    return resolved;
  }

  private tokensHolding(pattern: string): { marks: Uint8Array; tokens: number[] } {
    const known = this.matchMemo.get(pattern);
    if (known) return known;
    const tokens: number[] = [];
    const marks = new Uint8Array(this.tokenText.length);
    this.tokenText.forEach((text, token) => {
      if (text !== '' && text.includes(pattern)) {
        tokens.push(token);
        marks[token] = 1;
      }
    });
    const match = { marks, tokens };
    remember(this.matchMemo, pattern, match);
    return match;
  }

  /**
   * The vocabulary's words within typo distance of a word of letters and digits of four or more
   * that is not itself a vocabulary word, leaving out those holding it (decision 028), nearest
   * first. Every word of a near length is measured, where PostgreSQL first narrows them by
   * trigram similarity to 24.
   */
  private correctionsOf(word: string, folded: string): string[] {
    if (!forgivesTypos(word) || this.vocabulary.has(folded)) return [];
    const known = this.correctionMemo.get(folded);
    if (known) return known;
    const allowed = typosAllowed(word);
    const length = lettersOf(folded).length;
    const near: { word: string; distance: number }[] = [];
    for (let l = length - allowed; l <= length + allowed; l += 1)
      for (const candidate of this.vocabularyByLength.get(l) ?? []) {
        if (candidate.includes(folded)) continue;
        const distance = typoDistance(folded, candidate);
        if (distance <= allowed) near.push({ word: candidate, distance });
      }
    const corrections = near
      .sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word))
      .slice(0, MAX_CORRECTIONS)
      .map((c) => c.word);
    remember(this.correctionMemo, folded, corrections);
    return corrections;
  }

  private addToken(text: string, slot: number, last: boolean): number {
    let token = this.tokenIds.get(text);
    if (token === undefined) {
      token = this.freeTokens.pop() ?? this.tokenText.length;
      this.tokenIds.set(text, token);
      this.tokenText[token] = text;
      this.postings[token] = [];
      for (const word of vocabularyWords(text)) this.addWord(word);
      this.vocabularyChanged();
    }
    const list = this.postings[token] ?? [];
    if (last) list.push(slot);
    else list.splice(this.positionIn(list, slot), 0, slot);
    return token;
  }

  private dropToken(token: number, slot: number): void {
    const list = this.postings[token];
    if (!list) return;
    const at = list.indexOf(slot);
    if (at >= 0) list.splice(at, 1);
    if (list.length > 0) return;
    const text = this.tokenText[token] ?? '';
    this.tokenIds.delete(text);
    this.tokenText[token] = '';
    this.freeTokens.push(token);
    for (const word of vocabularyWords(text)) this.dropWord(word);
    this.vocabularyChanged();
  }

  private addWord(word: string): void {
    const count = this.vocabulary.get(word) ?? 0;
    this.vocabulary.set(word, count + 1);
    if (count > 0) return;
    const length = lettersOf(word).length;
    let bucket = this.vocabularyByLength.get(length);
    if (!bucket) {
      bucket = new Set();
      this.vocabularyByLength.set(length, bucket);
    }
    bucket.add(word);
  }

  private dropWord(word: string): void {
    const count = (this.vocabulary.get(word) ?? 1) - 1;
    if (count > 0) {
      this.vocabulary.set(word, count);
      return;
    }
    this.vocabulary.delete(word);
    this.vocabularyByLength.get(lettersOf(word).length)?.delete(word);
  }

  /** What a typed word matched or was corrected to may have changed with the words. */
  private vocabularyChanged(): void {
    this.matchMemo.clear();
    this.correctionMemo.clear();
    this.resolvedMemo.clear();
  }

  /** Where `slot` belongs in a posting list, newest first (binary search). */
  private positionIn(list: readonly number[], slot: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.newer(list[mid] ?? 0, slot)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Where `row` is, or belongs, in `newest` (binary search). */
  private newestPosition(row: SuggestedProduct): number {
    let low = 0;
    let high = this.newest.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.entries[this.newest[mid] ?? -1]?.row;
      if (other && newerFirst(other, row) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private intern(value: string): string {
    const known = this.interned.get(value);
    if (known !== undefined) return known;
    this.interned.set(value, value);
    return value;
  }
}

function newerFirst(a: SuggestedProduct, b: SuggestedProduct): number {
  return b.createdAtUs - a.createdAtUs || byCodePoint(a.id, b.id);
}

/** The distinct white-space separated words of a document. */
function distinctWords(document: string): string[] {
  return [...new Set(document.split(/\s+/u).filter((w) => w !== ''))];
}

/** A token's letter-and-digit runs of three characters or more (product_search_words' split). */
function vocabularyWords(token: string): string[] {
  return token.split(/[^\p{L}\p{N}]+/u).filter((w) => lettersOf(w).length >= VOCABULARY_MIN);
}

/** How well a product answers the search, best first (products.search.ts relevance). */
function rankOf(row: SuggestedProduct, term: string, words: readonly ResolvedWord[]): number {
  const name = row.name.toLowerCase();
  if (name.includes(term)) return 0;
  const holds = (text: string, word: ResolvedWord) => word.patterns.some((p) => text.includes(p));
  if (words.every((w) => holds(name, w))) return 1;
  const brand = row.brand.toLowerCase();
  if (words.every((w) => holds(name, w) || holds(brand, w))) return 2;
  return 3;
}

/** The set bits of a 32-bit word. */
function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function remember<T>(memo: Map<string, T>, key: string, value: T): void {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
}
