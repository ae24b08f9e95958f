import { useEffect, useMemo } from 'react';
import type { ProductSuggestions } from '#shared/contract/product.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { cx } from '#client/components/ui/class-names.ts';
import { paths, productPath } from '#client/lib/paths.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { useGetSuggestionsQuery } from './suggest-api.ts';
import type { SuggestionOption } from './suggestion-option.ts';

interface Entry extends SuggestionOption {
  kind: 'bicycle' | 'brand' | 'category';
  thumbnailUrl?: string | null;
  detail?: string;
}

const shopWith = (params: Record<string, string>) =>
  `${paths.shop}?${new URLSearchParams(params).toString()}`;

function entriesOf(listId: string, data: ProductSuggestions | undefined): Entry[] {
  if (!data) return [];
  return [
    ...data.products.map((p) => ({
      kind: 'bicycle' as const,
      id: `${listId}-bike-${p._id}`,
      href: productPath(p),
      label: `${p.brand} ${p.name}`,
      detail: formatPrice(p.price),
      thumbnailUrl: p.thumbnailUrl,
    })),
    ...data.brands.map((brand, i) => ({
      kind: 'brand' as const,
      id: `${listId}-brand-${String(i)}`,
      href: shopWith({ searchTerm: brand }),
      label: brand,
    })),
    ...data.categories.map((category, i) => ({
      kind: 'category' as const,
      id: `${listId}-category-${String(i)}`,
      href: shopWith({ category }),
      label: category,
    })),
  ];
}

const KIND_LABEL = { bicycle: 'Bicycle', brand: 'Brand', category: 'Category' } as const;

/**
 * The header search's list: the bicycles, brands and categories GET /products/suggest gives for
 * what has been typed (asked once typing pauses), reported to the combobox that moves through
 * them, and announced to screen readers.
 */
export function SuggestionPanel({
  listId,
  term,
  open,
  active,
  onOptions,
  onPick,
}: {
  listId: string;
  term: string;
  open: boolean;
  active: number;
  onOptions: (options: readonly SuggestionOption[]) => void;
  onPick: (href: string) => void;
}) {
  const q = useDebouncedValue(term.trim(), 150);
  const { currentData } = useGetSuggestionsQuery(q, { skip: q === '' });
  const entries = useMemo(
    () => (q === '' ? [] : entriesOf(listId, currentData)),
    [q, listId, currentData],
  );
  useEffect(() => {
    onOptions(entries);
  }, [entries, onOptions]);

  const announcement =
    !open || q === '' || !currentData
      ? ''
      : entries.length === 0
        ? 'No suggestions'
        : `${String(entries.length)} ${entries.length === 1 ? 'suggestion' : 'suggestions'}, use up and down arrows to review`;

  return (
    <>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open || entries.length === 0}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-1 shadow-xl"
      >
        {entries.map((entry, i) => (
          // The keyboard reaches the options through the combobox input (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={entry.id}
            id={entry.id}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => {
              // Keeps the focus in the input until the click has chosen.
              event.preventDefault();
            }}
            onClick={() => {
              onPick(entry.href);
            }}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm',
              i === active ? 'bg-slate-100' : 'hover:bg-slate-50',
            )}
          >
            {entry.kind === 'bicycle' ? (
              entry.thumbnailUrl ? (
                <img
                  src={entry.thumbnailUrl}
                  alt=""
                  width={48}
                  height={36}
                  loading="lazy"
                  className="h-9 w-12 shrink-0 rounded-md bg-slate-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-9 w-12 shrink-0 rounded-md bg-slate-100" />
              )
            ) : null}
            <span className="min-w-0 flex-1 truncate font-medium text-ink">{entry.label}</span>
            <span className="shrink-0 text-xs text-slate-600">
              {entry.detail ?? KIND_LABEL[entry.kind]}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
