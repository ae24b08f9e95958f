/** One entry of the header search's list: where choosing it goes, and what it says. */
export interface SuggestionOption {
  id: string;
  href: string;
  label: string;
}
