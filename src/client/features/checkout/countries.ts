import english from 'i18n-iso-countries/langs/en.json';

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * ISO 3166-1 alpha-2 countries with their English names, A to Z, from i18n-iso-countries' own
 * name table (the first, official name where it lists several). The same table on the server and
 * in the browser, so the rendered list is the one the scripts take over.
 */
export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.entries(
  english.countries as Record<string, string | string[]>,
)
  .map(([code, names]) => ({ code, name: (Array.isArray(names) ? names[0] : names) ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** The country a new address starts with. */
export const DEFAULT_COUNTRY = 'US';
