const boxClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 aria-[invalid=true]:border-red-500';

/** id, look and error wiring of a dashboard control whose error shows under it as `<id>-error`. */
export function inputProps(id: string, error: string | undefined) {
  return {
    id,
    className: boxClass,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
