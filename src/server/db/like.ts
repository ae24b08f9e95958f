/**
 * The LIKE (or ILIKE) pattern of text containing `term`, its wildcards escaped, so that a search for "a_b"
 * finds the text "a_b" only.
 */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
