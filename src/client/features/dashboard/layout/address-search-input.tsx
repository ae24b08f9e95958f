import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';

const SETTLE_MS = 300;

/**
 * A search box whose term lives in the address under `addressKey`: once typing pauses the term
 * becomes a new history entry (back to page 1), and Back or a shared link put their term in the
 * box.
 */
export function AddressSearchInput({
  addressKey,
  ...input
}: { addressKey: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(addressKey) ?? '';
  const [text, setText] = useState(inAddress);
  // The term this box last put in the address, and the address term last seen.
  const [sent, setSent] = useState<string | null>(null);
  const [seen, setSeen] = useState(inAddress);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (inAddress !== seen) {
    setSeen(inAddress);
    // The address changed on its own (Back, a link): the box shows it. A change this box made
    // leaves what is being typed since alone.
    if (inAddress !== sent) {
      setText(inAddress);
      setSent(null);
    }
  }

  function change(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const term = value.trim();
      if (term === inAddress) return;
      setSent(term);
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (term === '') next.delete(addressKey);
        else next.set(addressKey, term);
        next.delete('page');
        return next;
      });
    }, SETTLE_MS);
  }

  return <input {...input} value={text} onChange={(e) => change(e.target.value)} />;
}
