import { describe, expect, it } from 'vitest';
import { SuggestionIndex, type SuggestionRow } from './suggestion-index.ts';

const categories = [{ category: 'Road Bicycle' as const, words: 'road bicycle road bike' }];
let serial = 0;
const row = (name: string, brand: string, createdAtUs: number): SuggestionRow => {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    brand,
    category: 'Road Bicycle',
    priceCents: 100_000,
    imageKey: null,
    createdAtUs,
    document: `${name} ${brand} road bicycle road bike`.toLowerCase(),
  };
};
const names = (index: SuggestionIndex, q: string) => index.suggest(q).products.map((p) => p.name);

describe('SuggestionIndex', () => {
  it('ranks name matches first, then by name, and names brands that start with the word first', () => {
    const index = SuggestionIndex.of(
      [row('Allez', 'Specialized', 1), row('Aspect 950', 'Scott', 2), row('Spark', 'Scott', 3)],
      categories,
    );
    expect(names(index, 'sp')).toEqual(['Aspect 950', 'Spark', 'Allez']);
    expect(index.suggest('sc').brands).toEqual(['Scott']);
    expect(index.suggest('ro').categories).toEqual(['Road Bicycle']);
    expect(index.suggest('s').brands).toEqual([]);
  });

  it('forgets the words of a renamed or removed bicycle, brands and corrections with them', () => {
    const kept = row('Domane AL 2', 'Trek', 1);
    const renamed = row('Tarmac SL7', 'Specialized', 2);
    const index = SuggestionIndex.of([kept, renamed], categories);
    expect(names(index, 'tarmca')).toEqual(['Tarmac SL7']);
    index.upsert({ ...renamed, name: 'Roubaix', document: 'roubaix specialized road bike' });
    expect(names(index, 'tarmca')).toEqual([]);
    expect(names(index, 'roubiax')).toEqual(['Roubaix']);
    expect(index.suggest('spec').brands).toEqual(['Specialized']);
    index.remove(renamed.id);
    expect(index.suggest('spec').brands).toEqual([]);
    expect(names(index, 'roubaix')).toEqual([]);
    expect(index.size).toBe(1);
  });

  it('takes the newest matches of a common term, kept in order as bicycles come and go', () => {
    const rows = Array.from({ length: 600 }, (_, i) => row(`Ridge ${String(i)}`, 'Quokka', i));
    const index = SuggestionIndex.of(rows.slice().reverse(), categories);
    // Every Ridge matches; the candidates are the 50 newest, of which Ridge 550 sorts first by name.
    expect(names(index, 'ridge')[0]).toBe('Ridge 550');
    // Both sort before every other Ridge by name; only the newest is a candidate.
    index.upsert(row('Ridge 00 Newest', 'Quokka', 10_000));
    index.upsert(row('Ridge 0 Oldest', 'Quokka', -1));
    expect(names(index, 'ridge')[0]).toBe('Ridge 00 Newest');
    expect(names(index, 'ridge')).not.toContain('Ridge 0 Oldest');
    // A rare term reaches an old bicycle through the postings.
    expect(names(index, 'oldest')).toEqual(['Ridge 0 Oldest']);
    index.remove(rows[599]?.id ?? '');
    expect(names(index, 'ridge')).not.toContain('Ridge 599');
  });
});

describe('SuggestionIndex candidates', () => {
  // Words in known shares of 3,000 bicycles, so that each way of finding the newest matches is
  // taken: one word's postings merged; several words walked newest first; sets intersected; the
  // commonest word tested product by product; many survivors walked to through the set.
  const count = 3000;
  const rows = Array.from({ length: count }, (_, i) => {
    const words = [
      i % 7 !== 3 ? 'alpha' : '',
      i % 3 === 0 ? 'beta' : '',
      i % 50 === 0 ? 'gamma' : '',
      i % 30 === 0 ? 'delta' : '',
      i < 2500 ? 'omega' : '',
      `w${String(i % 97)}x`,
    ].filter((w) => w !== '');
    // Names hold none of the words, so the six shown are the first by name of the 50 newest.
    return {
      ...row(`Model ${String(i).padStart(4, '0')}`, 'Quokka', i),
      document: words.join(' '),
    };
  });
  const index = SuggestionIndex.of(rows, categories);
  const expected = (term: string) =>
    rows
      .filter((r) => term.split(' ').every((w) => r.document.split(' ').some((t) => t.includes(w))))
      .sort((a, b) => b.createdAtUs - a.createdAtUs)
      .slice(0, 50)
      .map((r) => r.name)
      .sort()
      .slice(0, 6);

  it.each([
    'alpha',
    'w1',
    'alpha beta',
    'beta gamma',
    'alpha gamma delta',
    'alpha omega',
    'beta omega',
    'gamma omega alpha',
    'delta beta',
    'w3 alpha',
  ])('finds the newest bicycles holding every word of %s', (term) => {
    expect(expected(term).length).toBeGreaterThan(0);
    expect(names(index, term)).toEqual(expected(term));
  });

  it('finds nothing for words that never meet, and the newest after bicycles come and go', () => {
    expect(names(index, 'delta w5x gamma')).toEqual([]);
    const added = { ...row('Model 0000 New', 'Quokka', count + 1), document: 'beta omega' };
    index.upsert(added);
    rows.push(added);
    index.remove(rows[2499]?.id ?? '');
    rows.splice(2499, 1);
    for (const term of ['beta omega', 'alpha omega', 'omega'])
      expect(names(index, term)).toEqual(expected(term));
    expect(names(index, 'beta omega')[0]).toBe('Model 0000 New');
  });
});
