import { TableHead } from '#client/components/ui/table.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import arrowDownIcon from 'lucide-react/icons/arrow-down';
import arrowUpIcon from 'lucide-react/icons/arrow-up';
import plusIcon from 'lucide-react/icons/plus';
import trash2Icon from 'lucide-react/icons/trash';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { sizesMessages } from '#shared/messages/sizes.ts';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { controlProps, smallButtonClass } from './form-kit.tsx';
import { SizesGeometry } from './sizes-geometry.tsx';
import type { SizeCell } from './product-form-data.ts';
import { EMPTY_SIZE_ROW, type ProductFormValues } from './product-form-values.ts';

const CELLS: readonly { cell: SizeCell; header: string }[] = [
  { cell: 'label', header: 'Label' },
  { cell: 'quantity', header: 'Stock' },
  { cell: 'minHeightCm', header: 'Smallest rider (cm)' },
  { cell: 'maxHeightCm', header: 'Tallest rider (cm)' },
];

const iconButtonClass =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

function SizeRowCells({ index }: { index: number }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const rowErrors = errors.sizes?.[index];
  const n = String(index + 1);
  return CELLS.map(({ cell, header }) => {
    const id = `sizes-${String(index)}-${cell}`;
    const error = rowErrors?.[cell]?.message;
    return (
      <td key={cell} className="align-top sm:px-1.5 sm:py-2">
        {/* Column headers name the cells on wide screens; on a phone the rows stack and each
            cell shows its own label. Either way the name says which size it belongs to. */}
        <label htmlFor={id} className="block text-xs font-medium text-slate-600 sm:sr-only">
          <span className="sr-only">Size {n} </span>
          {header}
        </label>
        {cell === 'label' ? (
          <input type="text" {...controlProps(id, error)} {...register(`sizes.${index}.label`)} />
        ) : (
          <input
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            {...controlProps(id, error)}
            {...register(`sizes.${index}.${cell}`)}
          />
        )}
        <FieldError id={`${id}-error`} message={error} />
      </td>
    );
  });
}

/**
 * The sizes as a table of label, stock and rider heights, smallest first. No rows means the
 * bicycle comes in one size and the Quantity box holds its stock.
 */
export function SizesTable() {
  const {
    control,
    setFocus,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sizes' });
  const addButton = useRef<HTMLButtonElement>(null);

  // Focus must not fall back to the page when the button that had it goes away with its row:
  // it moves to the row that took the removed one's place, or to "Add size" when none is left.
  function removeRow(index: number) {
    flushSync(() => {
      remove(index);
    });
    const left = fields.length - 1;
    if (left === 0) addButton.current?.focus();
    else setFocus(`sizes.${Math.min(index, left - 1)}.label`);
  }

  const listError = errors.sizes?.root?.message ?? errors.sizes?.message;
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby="sizes-hint">
      <legend className="text-base font-semibold text-slate-900">Sizes</legend>
      <p id="sizes-hint" className="text-sm text-slate-600">
        {fields.length === 0
          ? `${sizesMessages.oneSize} Add sizes when it comes in several, each with its own stock.`
          : 'Smallest first. Each size has its own stock; the bicycle’s quantity is their sum.'}
      </p>
      {fields.length > 0 ? (
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="sr-only">Sizes</caption>
          <TableHead
            className="max-sm:hidden"
            cellClassName="px-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            columns={[
              ...CELLS.map(({ header }) => header),
              { label: <span className="sr-only">Actions</span>, className: 'px-1.5 pb-1' },
            ]}
          />
          <tbody className="max-sm:block max-sm:space-y-3">
            {fields.map((field, index) => {
              const n = String(index + 1);
              const first = index === 0;
              const last = index === fields.length - 1;
              return (
                <tr
                  key={field.id}
                  className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3"
                >
                  <SizeRowCells index={index} />
                  <td className="align-top max-sm:col-span-2 sm:px-1.5 sm:py-2">
                    <div className="flex justify-end gap-1.5 sm:mt-1">
                      <button
                        type="button"
                        aria-label={`Move size ${n} up`}
                        aria-disabled={first || undefined}
                        onClick={() => {
                          if (!first) move(index, index - 1);
                        }}
                        className={iconButtonClass}
                      >
                        <Icon node={arrowUpIcon} className="h-4 w-4" />
                      </button>
                      <button
                        type="button"
                        aria-label={`Move size ${n} down`}
                        aria-disabled={last || undefined}
                        onClick={() => {
                          if (!last) move(index, index + 1);
                        }}
                        className={iconButtonClass}
                      >
                        <Icon node={arrowDownIcon} className="h-4 w-4" />
                      </button>
                      <button
                        type="button"
                        aria-label={`Remove size ${n}`}
                        onClick={() => {
                          removeRow(index);
                        }}
                        className={`${iconButtonClass} text-red-600`}
                      >
                        <Icon node={trash2Icon} className="h-4 w-4" />
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <FieldError id="sizes-error" message={listError} />
      {fields.length > 0 ? <SizesGeometry ids={fields.map((field) => field.id)} /> : null}
      <button
        ref={addButton}
        type="button"
        onClick={() => {
          append({ ...EMPTY_SIZE_ROW });
        }}
        className={smallButtonClass}
      >
        <Icon node={plusIcon} className="h-4 w-4" />
        Add size
      </button>
    </fieldset>
  );
}
