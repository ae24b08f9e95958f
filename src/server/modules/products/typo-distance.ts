/** A word's letters as code points, so an accented letter or any other character counts once. */
export function lettersOf(word: string): string[] {
  return Array.from(word);
}

/**
 * How far apart two words are for a rider's typing slip: letters swapped, dropped, added or
 * replaced each count one (the optimal string alignment distance, Damerau-Levenshtein without
 * edits of an edited substring). Compared by code point, so accented letters count once.
 */
export function typoDistance(a: string, b: string): number {
  const s = lettersOf(a);
  const t = lettersOf(b);
  // Three rows: the one before the previous one is needed for a swap.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[t.length] ?? 0;
}

/** Words shorter than this match only as written: a slip in "bmx" or "29" is another word. */
export const TYPO_MIN_LENGTH = 4;

/**
 * The slips a word of this length may carry and still be that word: one up to eight letters,
 * two from nine (specialzed, mountian, carbn are all one away; "unicycle" is two from "bicycle",
 * another thing).
 */
export function typosAllowed(word: string): number {
  const length = lettersOf(word).length;
  if (length < TYPO_MIN_LENGTH) return 0;
  return length >= 9 ? 2 : 1;
}

/** Only words of letters and digits are forgiven slips; one with `%`, `_` or `"` matches literally. */
export function forgivesTypos(word: string): boolean {
  return typosAllowed(word) > 0 && /^[\p{L}\p{N}]+$/u.test(word);
}
