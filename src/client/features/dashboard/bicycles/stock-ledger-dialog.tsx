import { useState } from 'react';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { ScrollRegion } from '#client/components/ui/scroll-region.tsx';
import { ONE_SIZE, type StockLedgerEntry, type StockReason } from '#shared/contract/stock.ts';
import type { Product } from '#shared/contract/product.ts';
import { selectClass, tableClass, tdClass, thClass } from '../components/table.ts';
import { formatOrderTime } from '../format.ts';
import { useGetStockLedgerQuery } from './inventory-api.ts';

export const REASON_LABELS: Record<StockReason, string> = {
  order: 'Order',
  release: 'Returned to stock',
  admin: 'Set by admin',
  import: 'Import',
  created: 'Created',
};

function signed(change: number): string {
  return change > 0 ? `+${String(change)}` : String(change);
}

function LedgerRows({ entries }: { entries: StockLedgerEntry[] }) {
  return (
    <>
      {entries.map((entry) => {
        const when = formatOrderTime(entry.at);
        return (
          <tr key={entry._id}>
            <td className={`${tdClass} whitespace-nowrap`}>
              {when.date} <span className="text-slate-500">{when.time}</span>
            </td>
            <td className={tdClass}>{entry.size ?? 'One size'}</td>
            <td className={`${tdClass} text-right tabular-nums`}>{signed(entry.change)}</td>
            <td className={`${tdClass} text-right tabular-nums`}>{entry.quantityAfter}</td>
            <td className={tdClass}>
              {REASON_LABELS[entry.reason]}
              {entry.orderNumber ? (
                <span className="block text-xs">{entry.orderNumber}</span>
              ) : null}
            </td>
            <td className={tdClass}>{entry.by ?? 'The shop'}</td>
            <td className={`${tdClass} max-w-48 break-words`}>{entry.note ?? ''}</td>
          </tr>
        );
      })}
    </>
  );
}

/** A bicycle's stock ledger, newest first, for every size or one. */
export function StockLedgerDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const sized = (product.sizes?.length ?? 0) > 0;
  const [size, setSize] = useState<string>('');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching } = useGetStockLedgerQuery({
    id: product._id,
    page,
    ...(size ? { size } : {}),
  });
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} className="max-w-4xl p-5 sm:p-6">
      <DialogTitle className="pr-12 text-lg font-bold text-slate-900">
        Stock history: {product.brand} {product.name}
      </DialogTitle>
      {sized ? (
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          Size
          <select
            className={selectClass}
            value={size}
            onChange={(e) => {
              setSize(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All sizes</option>
            {product.sizes?.map((s) => (
              <option key={s.label} value={s.label}>
                {s.label}
              </option>
            ))}
            <option value={ONE_SIZE}>Before sizes</option>
          </select>
        </label>
      ) : null}
      {isLoading ? (
        <p className="py-8 text-center text-slate-600">Loading the stock history…</p>
      ) : isError || !data ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-700">
          The stock history could not be loaded. Please try again.
        </p>
      ) : data.data.length === 0 ? (
        <p className="py-8 text-center text-slate-600">No stock changes yet.</p>
      ) : (
        <>
          <ScrollRegion label="Stock changes" className="mt-4 rounded-lg border border-slate-200">
            <table className={tableClass} aria-busy={isFetching}>
              <caption className="sr-only">Stock changes, newest first</caption>
              <thead>
                <tr>
                  {['When', 'Size', 'Change', 'Stock after', 'Reason', 'By', 'Note'].map((c) => (
                    <th key={c} scope="col" className={thClass}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                <LedgerRows entries={data.data} />
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            page={data.meta.page}
            totalPages={data.meta.totalPages}
            total={data.meta.total}
            onPageChange={setPage}
            label="Stock history pages"
          />
        </>
      )}
    </Modal>
  );
}
