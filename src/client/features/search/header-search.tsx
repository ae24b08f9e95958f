import { lazy, Suspense, useCallback, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '#client/components/ui/icon.tsx';
import searchIcon from 'lucide-react/icons/search';
import { cx } from '#client/components/ui/class-names.ts';
import { paths } from '#client/lib/paths.ts';
import type { SuggestionOption } from './suggestion-option.ts';

const loadPanel = () => import('./suggestion-panel.tsx');
const SuggestionPanel = lazy(async () => ({ default: (await loadPanel()).SuggestionPanel }));

/**
 * The header's search: a plain GET form to the shop (`/shop?searchTerm=`) that works before any
 * script, which becomes an ARIA combobox once focused: the suggestions' code and data load then,
 * and arrow keys, Enter and Escape move through them. Typing before they arrive still searches.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<readonly SuggestionOption[]>([]);
  const [active, setActive] = useState(-1);
  const showing = open && wanted && term.trim() !== '';
  const activeOption = showing ? options[active] : undefined;

  const onOptions = useCallback((next: readonly SuggestionOption[]) => {
    setOptions(next);
    setActive(-1);
  }, []);

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        // Past either end the input itself is active again (-1), as a listbox popup does.
        const down = event.key === 'ArrowDown';
        const last = options.length - 1;
        setActive((i) => (down ? (i >= last ? -1 : i + 1) : i <= -1 ? last : i - 1));
        return;
      }
      case 'Escape':
        if (showing) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (term) setTerm('');
        return;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          go(activeOption.href);
        }
        return;
    }
  };

  return (
    <form
      role="search"
      method="get"
      action={paths.shop}
      className={cx('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        const q = term.trim();
        go(q ? `${paths.shop}?${new URLSearchParams({ searchTerm: q }).toString()}` : paths.shop);
      }}
    >
      <label className="sr-only" htmlFor={`${listId}-input`}>
        Search bicycles
      </label>
      <input
        id={`${listId}-input`}
        name="searchTerm"
        type="search"
        maxLength={100}
        autoComplete="off"
        placeholder="Search brand, model, spec"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing && options.length > 0}
        aria-controls={showing && options.length > 0 ? listId : undefined}
        aria-activedescendant={activeOption?.id}
        value={term}
        onFocus={() => {
          void loadPanel();
          setWanted(true);
          setOpen(true);
        }}
        onBlur={(event) => {
          // A click on an option lands after the blur; the option itself closes the list.
          if (!event.currentTarget.form?.contains(event.relatedTarget)) setOpen(false);
        }}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-full border border-slate-300 bg-white pr-11 pl-4 text-sm text-ink placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-search-cancel-button]:hidden"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute inset-y-0 right-0 inline-flex w-10 cursor-pointer items-center justify-center rounded-full text-slate-600 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Icon node={searchIcon} className="h-5 w-5" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SuggestionPanel
            listId={listId}
            term={term}
            open={showing}
            active={active}
            onOptions={onOptions}
            onPick={go}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
