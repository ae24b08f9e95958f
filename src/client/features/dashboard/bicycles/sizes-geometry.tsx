import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { GEOMETRY_FIELDS, GEOMETRY_INFO, isAngle } from '#shared/contract/product-geometry.ts';
import { cx } from '#client/components/ui/class-names.ts';
import type { ProductFormValues } from './product-form-values.ts';

const boxClass =
  'block w-20 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-right text-sm text-slate-900 tabular-nums outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 aria-[invalid=true]:border-red-500';
const labelCell =
  'sticky left-0 z-10 bg-slate-50 py-1.5 pr-3 pl-3 text-left text-sm font-medium whitespace-nowrap text-slate-700';

/**
 * The frame geometry of every size, laid out as makers publish it: the sizes in columns and one
 * measurement a row, so a chart is typed row by row. Folded away until wanted (most edits leave
 * geometry alone); it opens by itself for a bicycle that has geometry or an error in it. On a phone
 * the sizes scroll sideways while the measurement names stay put.
 */
export function SizesGeometry({ ids }: { ids: readonly string[] }) {
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const labels = useWatch({ control, name: 'sizes' }).map((size) => size.label.trim());
  const hasErrors = (errors.sizes ?? []).some?.((row) => row?.geometry !== undefined) ?? false;
  const [open, setOpen] = useState(() =>
    getValues('sizes').some((size) => Object.values(size.geometry).some((v) => v.trim() !== '')),
  );
  // Opened for an error, it stays open while the admin corrects it.
  if (hasErrors && !open) setOpen(true);

  return (
    <details
      open={open}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
      }}
      className="max-w-full min-w-0 rounded-lg border border-slate-200 bg-slate-50"
    >
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
        Geometry <span className="font-normal text-slate-600">(optional, per size)</span>
      </summary>
      <p id="sizes-geometry-hint" className="px-3 text-sm text-slate-600">
        Lengths in whole millimetres, angles in degrees (one decimal). Leave a box empty when the
        maker states nothing.
      </p>
      {/* No width of its own (w-0 min-w-full): the form's fieldset grows to fit its content, and
          the grid must scroll inside the screen's width instead. */}
      <div className="relative mt-2 w-0 max-w-[calc(100vw-6rem)] min-w-full overflow-x-auto pb-2">
        <table className="border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Geometry per size</caption>
          <thead>
            <tr>
              <th scope="col" className={cx(labelCell, 'text-xs uppercase')}>
                Measurement
              </th>
              {ids.map((id, index) => (
                <th
                  key={id}
                  scope="col"
                  className="px-1 py-1.5 text-right text-xs font-semibold text-slate-700"
                >
                  {labels[index] || `Size ${String(index + 1)}`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {GEOMETRY_FIELDS.map((field) => {
              const info = GEOMETRY_INFO[field];
              const name = `${info.label} (${info.unit === 'mm' ? 'mm' : 'degrees'})`;
              return (
                <tr key={field}>
                  <th scope="row" className={labelCell}>
                    {name}
                  </th>
                  {ids.map((id, index) => {
                    const inputId = `sizes-${String(index)}-geometry-${field}`;
                    const error = errors.sizes?.[index]?.geometry?.[field]?.message;
                    return (
                      <td key={id} className="px-1 py-1 align-top">
                        <label htmlFor={inputId} className="sr-only">
                          Size {index + 1} {name}
                        </label>
                        <input
                          id={inputId}
                          type="number"
                          inputMode={isAngle(field) ? 'decimal' : 'numeric'}
                          step={isAngle(field) ? '0.1' : '1'}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${inputId}-error` : 'sizes-geometry-hint'}
                          className={boxClass}
                          {...register(`sizes.${index}.geometry.${field}`)}
                        />
                        <div className="w-20 text-xs">
                          <FieldError id={`${inputId}-error`} message={error} />
                        </div>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
