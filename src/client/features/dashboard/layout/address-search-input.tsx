import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';

interface Draft {
  /** The term the address held when this was typed. */
  base: string;
  text: string;
}

/**
 * A search box whose term lives in the address under `addressKey`: a settled term becomes a new
 * history entry (back to page 1), and Back or a shared link put their term in the box.
 */
export function AddressSearchInput({
  addressKey,
  ...input
}: { addressKey: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(addressKey) ?? '';
  const [draft, setDraft] = useState<Draft | null>(null);
  const settled = useDebouncedValue(draft, 300);
  // A draft typed over another term than the address holds now (Back was pressed) is dropped,
  // unless it is the very term the address took from it.
  const current = (d: Draft | null): d is Draft =>
    d !== null && (d.base === inAddress || d.text.trim() === inAddress);
  const text = current(draft) ? draft.text : inAddress;

  useEffect(() => {
    if (!current(settled)) return;
    const term = settled.text.trim();
    if (term === inAddress) return;
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (term === '') next.delete(addressKey);
      else next.set(addressKey, term);
      next.delete('page');
      return next;
    });
    // `current` reads only `inAddress`, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, inAddress, addressKey, setParams]);

  return (
    <input
      {...input}
      value={text}
      onChange={(e) => setDraft({ base: inAddress, text: e.target.value })}
    />
  );
}
