import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { GEOMETRY_FIELDS, GEOMETRY_INFO, isAngle } from '#shared/contract/product-geometry.ts';
import { controlProps } from './form-kit.tsx';
import type { ProductFormValues } from './product-form-values.ts';

/**
 * One size's frame geometry, folded under its row: nine boxes would not fit beside the label and
 * stock, and most edits leave geometry alone. It opens by itself when it holds an error, and stays
 * open once the admin opens it.
 */
export function SizeGeometryRow({ index, columns }: { index: number; columns: number }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const label = useWatch({ control, name: `sizes.${index}.label` });
  const geometryErrors = errors.sizes?.[index]?.geometry;
  const [open, setOpen] = useState(false);
  // Opened for an error, it stays open while the admin corrects it.
  if (geometryErrors && !open) setOpen(true);
  const n = String(index + 1);
  const name = label.trim() === '' ? `size ${n}` : label.trim();
  return (
    <tr className="max-sm:block">
      <td colSpan={columns} className="pb-2 max-sm:block sm:px-1.5">
        <details
          open={open}
          onToggle={(event) => {
            setOpen(event.currentTarget.open);
          }}
          className="rounded-lg bg-slate-50"
        >
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
            Geometry of {name} <span className="font-normal text-slate-500">(optional)</span>
          </summary>
          <div className="grid grid-cols-2 gap-x-3 gap-y-2 px-3 pb-3 sm:grid-cols-3 lg:grid-cols-5">
            {GEOMETRY_FIELDS.map((field) => {
              const id = `sizes-${String(index)}-geometry-${field}`;
              const error = geometryErrors?.[field]?.message;
              const info = GEOMETRY_INFO[field];
              return (
                <div key={field} className="min-w-0">
                  <label htmlFor={id} className="block text-xs font-medium text-slate-600">
                    <span className="sr-only">Size {n} </span>
                    {info.label} ({info.unit === 'mm' ? 'mm' : 'degrees'})
                  </label>
                  <input
                    type="number"
                    inputMode={isAngle(field) ? 'decimal' : 'numeric'}
                    step={isAngle(field) ? '0.1' : '1'}
                    min={info.min}
                    max={info.max}
                    {...controlProps(id, error)}
                    {...register(`sizes.${index}.geometry.${field}`)}
                  />
                  <FieldError id={`${id}-error`} message={error} />
                </div>
              );
            })}
          </div>
        </details>
      </td>
    </tr>
  );
}
