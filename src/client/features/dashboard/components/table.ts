export const tableWrapClass =
  'overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm';
export const tableClass = 'min-w-full divide-y divide-slate-200 text-left text-sm';
export const thClass =
  'bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase';
export const tdClass = 'px-4 py-3 align-top text-slate-700';
export const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400';
