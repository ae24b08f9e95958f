import { MAX_COMPARE } from './compare-storage.ts';

export interface CompareRequest {
  /** At most MAX_COMPARE, each once, in the address's order. */
  slugs: string[];
  /** Named in the address beyond the first MAX_COMPARE, and left out. */
  dropped: number;
}

/** Reads `?bikes=a,b,c`: blanks and repeats are skipped, and only the first four are kept. */
export function compareRequest(search: URLSearchParams): CompareRequest {
  const all = search
    .getAll('bikes')
    .flatMap((value) => value.split(','))
    .map((slug) => slug.trim())
    .filter((slug) => slug !== '');
  const unique = [...new Set(all)];
  return {
    slugs: unique.slice(0, MAX_COMPARE),
    dropped: Math.max(0, unique.length - MAX_COMPARE),
  };
}
