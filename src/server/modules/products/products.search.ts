import { and, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { containing } from '#server/db/like.ts';
import { productSearchWords, products } from '#server/db/schema.ts';
import { forgivesTypos, lettersOf, typoDistance, typosAllowed } from './typo-distance.ts';

/**
 * One word of a search as the catalog reads it: the word as typed, and the words of the catalog
 * (lowercase) a slip away from it, which a product may hold instead (decision 023).
 */
export interface SearchWord {
  asked: string;
  corrections: readonly string[];
}

/** A search term split into its words, each with its typo corrections. */
export interface ResolvedSearch {
  term: string;
  words: readonly SearchWord[];
}

/**
 * The rows of a raw statement: PGlite and node-postgres both answer `{ rows }`, which Drizzle's
 * driver-neutral type leaves unknown.
 */
export async function selectRows<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('a statement answered without rows');
  return rows as T[];
}

/** Corrections kept per word: a slip away from a handful of real words at most. */
const MAX_CORRECTIONS = 8;
/** Vocabulary words read per asked word before the exact distance decides. */
const CANDIDATES = 24;

/** The words of a term: split at spaces, each once (compared without case). */
export function searchWords(term: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of term.split(/\s+/u)) {
    const key = word.toLowerCase();
    if (word === '' || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}

/** The search without typo corrections: every word as typed. */
export function literalSearch(term: string): ResolvedSearch {
  return { term, words: searchWords(term).map((asked) => ({ asked, corrections: [] })) };
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;

/**
 * The catalog's words that may be what a typed word meant: for a long word those sharing enough
 * trigrams (pg_trgm's `%`, through the vocabulary's trigram index), for a short one, where one
 * slip leaves few trigrams in common, any word of about its length. A word the catalog holds as
 * it is gets none: "trek" finds Treks, not trees.
 */
async function candidatesOf(
  db: Executor,
  words: readonly string[],
): Promise<{ asked: string; word: string }[]> {
  const long = words.filter((w) => lettersOf(w).length > 6);
  const short = words.filter((w) => lettersOf(w).length <= 6);
  const v = productSearchWords;
  const lookup = (list: readonly string[], near: SQL) => sql`
    select q.asked, c.word
    from unnest(${textArray(list)}) as q(asked)
    cross join lateral (
      select ${v.word} as word from ${v}
      where ${near}
        and not exists (select 1 from ${v} e where e.word = lower(q.asked))
      order by similarity(${v.word}, lower(q.asked)) desc, ${v.word}
      limit ${CANDIDATES}
    ) c`;
  const parts: SQL[] = [];
  if (long.length) parts.push(lookup(long, sql`${v.word} % lower(q.asked)`));
  if (short.length)
    parts.push(
      lookup(
        short,
        sql`char_length(${v.word}) between char_length(q.asked) - 1 and char_length(q.asked) + 1`,
      ),
    );
  if (parts.length === 0) return [];
  return selectRows<{ asked: string; word: string }>(db, sql.join(parts, sql` union all `));
}

/**
 * A term resolved for the catalog: its words, and for each word of letters and digits of four
 * characters or more the catalog's words within typo distance of it (typo-distance.ts) that do not
 * already hold it.
 */
export async function resolveSearch(db: Executor, term: string): Promise<ResolvedSearch> {
  const words = searchWords(term);
  const forgiving = words.filter(forgivesTypos);
  const candidates = forgiving.length ? await candidatesOf(db, forgiving) : [];
  return {
    term,
    words: words.map((asked) => {
      const folded = asked.toLowerCase();
      const allowed = typosAllowed(asked);
      const near = candidates
        // A catalog word holding the typed word is found by the typed word already: "cannondal"
        // needs no "cannondale", and each pattern more is another index scan.
        .filter((c) => c.asked === asked && !c.word.includes(folded))
        .map((c) => ({ word: c.word, distance: typoDistance(folded, c.word) }))
        .filter((c) => c.distance <= allowed)
        .sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word))
        .slice(0, MAX_CORRECTIONS);
      return { asked, corrections: near.map((c) => c.word) };
    }),
  };
}

/** `column` holds the word as typed or one of its corrections, as a substring. */
function holds(column: SQL, word: SearchWord): SQL {
  const typed = sql`${column} like lower(${containing(word.asked)})`;
  if (word.corrections.length === 0) return typed;
  return sql`(${or(typed, ...word.corrections.map((c) => sql`${column} like ${containing(c)}`))})`;
}

const document = sql`${products.searchDocument}`;
const name = sql`${products.nameFolded}`;
const brand = sql`lower(${products.brand})`;

/**
 * The search as SQL over products: every word in the search document (name, brand, category,
 * spec values; migration 0024). The trigram index serves words of three characters or more; a
 * two-character word is narrowed through the document's bigram index unless the matches are
 * known to be many (`broad`), where walking an ordered index finds a page sooner.
 */
export function searchCondition(search: ResolvedSearch, { broad = false } = {}): SQL[] {
  return search.words.flatMap((word) => {
    const condition = holds(document, word);
    if (lettersOf(word.asked).length !== 2 || broad) return [condition];
    return [
      condition,
      sql`product_name_bigrams(${products.searchDocument}) @> array[lower(${word.asked}::text)]`,
    ];
  });
}

/**
 * How well a product answers the search, best first: the name holds the whole term (the spec's
 * rule), the name holds every word, the name and brand together do, and then the rest (a word
 * found only in the category or a spec).
 */
export function relevance(search: ResolvedSearch): SQL {
  const inName = and(...search.words.map((w) => holds(name, w))) ?? sql`true`;
  const inNameOrBrand =
    and(...search.words.map((w) => sql`(${holds(name, w)} or ${holds(brand, w)})`)) ?? sql`true`;
  return sql`case when ${name} like lower(${containing(search.term)}) then 0 when ${inName} then 1 when ${inNameOrBrand} then 2 else 3 end`;
}

/**
 * The catalog's closest words to a search that found nothing: each word the catalog holds
 * nowhere, not even inside a word, becomes the most similar word it holds (pg_trgm similarity
 * over the vocabulary), as first written ("specilaized" → "Specialized"). Null when no word
 * changes or one has no similar word at all.
 */
export async function closestTerm(db: Executor, search: ResolvedSearch): Promise<string | null> {
  if (search.words.length === 0) return null;
  const v = productSearchWords;
  const asked = search.words.map((w) => w.asked);
  const patterns = asked.map(containing);
  const rows = await selectRows<{ asked: string; known: boolean; closest: string | null }>(
    db,
    sql`
    select q.asked,
      exists (select 1 from ${v} where ${v.word} like lower(q.pattern)) as known,
      (select ${v.display} from ${v} where ${v.word} % lower(q.asked)
        order by similarity(${v.word}, lower(q.asked)) desc, ${v.word} limit 1) as closest
    from unnest(${textArray(asked)}, ${textArray(patterns)}) as q(asked, pattern)`,
  );
  const byWord = new Map(rows.map((row) => [row.asked, row]));
  let changed = false;
  const words: string[] = [];
  for (const word of asked) {
    const row = byWord.get(word);
    if (!row) return null;
    if (row.known) words.push(word);
    else if (row.closest === null) return null;
    else {
      changed = true;
      words.push(row.closest);
    }
  }
  return changed ? words.join(' ') : null;
}
