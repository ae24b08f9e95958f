const boxClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 aria-[invalid=true]:border-red-500';
const inputClass = `${boxClass} bg-white text-slate-900`;
/** A box that only shows a value the form works out (a sized bicycle's quantity). */
export const readOnlyInputClass = `${boxClass} bg-slate-100 text-slate-600`;
export const labelClass = 'block text-sm font-medium text-slate-700';
export const smallButtonClass =
  'inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

/** id and error wiring of a control whose error shows under it as `<id>-error`. */
export function controlProps(id: string, error: string | undefined, hint?: string) {
  const describedBy = [error ? `${id}-error` : undefined, hint].filter(Boolean).join(' ');
  return {
    id,
    className: inputClass,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
