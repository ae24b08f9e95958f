import { useState, type SyntheticEvent } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { Product } from '#shared/contract/product.ts';
import { MAX_QUANTITY } from '#shared/contract/product.ts';
import { PRECONDITION_FAILED } from '../dashboard-api.ts';
import {
  stockNowOf,
  useLazyGetInventoryRowQuery,
  useSetStockMutation,
  type StockNow,
} from './inventory-api.ts';

/** The bicycle a row shows, with the ETag its edits are made on. */
export interface RowState {
  product: Product;
  etag: string | null;
}

interface SizeSlot {
  /** Undefined for a one-size bicycle. */
  label: string | undefined;
  quantity: number;
}

function slotsOf(product: Product): SizeSlot[] {
  return product.sizes && product.sizes.length > 0
    ? product.sizes.map((s) => ({ label: s.label, quantity: s.quantity }))
    : [{ label: undefined, quantity: product.quantity }];
}

/** What a refused edit found: the stock each size has now, beside what this screen showed. */
interface Conflict {
  changes: { label: string | undefined; was: number; now: number }[];
}

function conflictOf(shown: Product, now: StockNow): Conflict {
  return {
    changes: slotsOf(shown).flatMap((slot) => {
      const current = now[slot.label ?? ''];
      return current === undefined || current === slot.quantity
        ? []
        : [{ label: slot.label, was: slot.quantity, now: current }];
    }),
  };
}

interface ApiFailure {
  status?: unknown;
  data?: { message?: string; details?: { path: string; message: string }[] };
}

function errorOf(error: unknown): ApiFailure {
  return typeof error === 'object' && error !== null ? error : {};
}

/**
 * One size's stock, edited in place: a number box and Save. The edit carries the row's ETag; a
 * refusal because the bicycle changed meanwhile says what changed and offers to reload the row.
 */
function SizeStock({
  row,
  slot,
  onSaved,
  onConflict,
}: {
  row: RowState;
  slot: SizeSlot;
  onSaved: (next: RowState) => void;
  onConflict: (conflict: Conflict) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [setStock, { isLoading }] = useSetStockMutation();
  const value = draft ?? String(slot.quantity);
  const quantity = Number(value);
  const valid = /^\d+$/.test(value.trim()) && quantity <= MAX_QUANTITY;
  const dirty = draft !== null && draft.trim() !== String(slot.quantity);
  const name = row.product.name;
  const what =
    slot.label === undefined ? `Stock of ${name}` : `Stock of ${name}, size ${slot.label}`;

  async function save(event: SyntheticEvent) {
    event.preventDefault();
    if (!dirty || !valid || isLoading) return;
    try {
      const saved = await setStock({
        id: row.product._id,
        ...(slot.label === undefined ? {} : { size: slot.label }),
        quantity,
        etag: row.etag,
      }).unwrap();
      setDraft(null);
      onSaved(saved);
      toast.success(
        slot.label === undefined
          ? `${name}: stock ${value}`
          : `${name} ${slot.label}: stock ${value}`,
      );
    } catch (error) {
      const { status, data } = errorOf(error);
      if (status === PRECONDITION_FAILED)
        onConflict(conflictOf(row.product, stockNowOf(data?.details)));
      else toast.error(data?.message ?? 'The stock could not be saved. Please try again.');
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} className="flex items-center gap-1">
      {slot.label !== undefined ? (
        <span className="w-8 shrink-0 text-xs font-semibold text-slate-600" aria-hidden="true">
          {slot.label}
        </span>
      ) : null}
      <input
        type="text"
        inputMode="numeric"
        aria-label={what}
        aria-invalid={draft !== null && !valid}
        value={value}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setDraft(null);
        }}
        className="w-16 rounded-md border border-slate-300 px-2 py-1 text-right text-sm tabular-nums outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 aria-[invalid=true]:border-red-500"
      />
      {dirty ? (
        <button
          type="submit"
          disabled={!valid || isLoading}
          aria-label={`Save ${what.charAt(0).toLowerCase()}${what.slice(1)}`}
          className="rounded-md bg-emerald-700 px-2 py-1 text-xs font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          Save
        </button>
      ) : null}
    </form>
  );
}

/** Every size's stock of one row, and what to do when someone else changed the bicycle meanwhile. */
export function StockEditor({
  row,
  onChange,
}: {
  row: RowState;
  onChange: (next: RowState) => void;
}) {
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [loadRow, { isFetching }] = useLazyGetInventoryRowQuery();

  async function reload() {
    const fresh = await loadRow(row.product._id)
      .unwrap()
      .catch(() => null);
    if (!fresh) {
      toast.error('The bicycle could not be loaded. Please try again.');
      return;
    }
    setConflict(null);
    onChange(fresh);
  }

  return (
    <div className="flex flex-col gap-1">
      {slotsOf(row.product).map((slot) => (
        <SizeStock
          // A reloaded row starts its boxes again from the fresh values.
          key={`${slot.label ?? ''}/${row.etag ?? ''}`}
          row={row}
          slot={slot}
          onSaved={(next) => {
            setConflict(null);
            onChange(next);
          }}
          onConflict={setConflict}
        />
      ))}
      {conflict ? (
        <div
          role="alert"
          className="mt-1 max-w-56 rounded-md bg-amber-50 p-2 text-xs text-amber-900"
        >
          <p className="font-semibold">Changed since this page was loaded:</p>
          {conflict.changes.length > 0 ? (
            <ul>
              {conflict.changes.map((c) => (
                <li key={c.label ?? ''}>
                  {c.label === undefined ? 'Stock' : `Size ${c.label}`}: {c.was} → {c.now}
                </li>
              ))}
            </ul>
          ) : (
            <p>Other details of this bicycle.</p>
          )}
          <button
            type="button"
            onClick={() => void reload()}
            disabled={isFetching}
            className="mt-1 font-semibold underline underline-offset-2"
          >
            Reload this bicycle
          </button>
        </div>
      ) : null}
    </div>
  );
}
