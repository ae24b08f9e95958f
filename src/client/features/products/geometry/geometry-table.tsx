import type { Product } from '#shared/contract/product.ts';
import {
  formatGeometryValue,
  geometryLabel,
  statedGeometryFields,
} from '#shared/rules/geometry.ts';
import { cx } from '#client/components/ui/class-names.ts';
import { ScrollRegion } from '#client/components/ui/scroll-region.tsx';
import { useProductFit } from '../fit/use-product-fit.ts';

const labelCell = 'sticky left-0 z-10 bg-white py-2 pr-3 text-left';

/**
 * The frame's geometry with the sizes in columns and one measurement a row, as makers print it.
 * The rider's size (or the two they are between) is highlighted once their measurements are known.
 * On a narrow screen the sizes scroll sideways under the row names, which stay put.
 */
export function GeometryTable({
  product,
}: {
  product: Pick<Product, 'sizes' | 'category' | 'recommendedSize'>;
}) {
  const fit = useProductFit(product);
  const sizes = product.sizes ?? [];
  const fields = statedGeometryFields(sizes);
  if (fields.length === 0) return null;
  const yours = new Set(fit.candidates);
  return (
    <section aria-labelledby="geometry-heading" className="mt-14">
      <h2 id="geometry-heading" className="mb-1 text-xl font-bold text-ink">
        Geometry
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Lengths in millimetres, angles in degrees.
        {yours.size > 0 ? ' Your size is highlighted.' : ''}
      </p>
      <ScrollRegion labelledBy="geometry-heading" className="rounded-xl border border-slate-200">
        <table className="w-full border-collapse text-sm tabular-nums">
          <caption className="sr-only">Frame geometry by size</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th
                scope="col"
                className={cx(
                  labelCell,
                  'pl-3 text-xs font-bold tracking-wide text-slate-600 uppercase',
                )}
              >
                Size
              </th>
              {sizes.map((size) => (
                <th
                  key={size.label}
                  scope="col"
                  aria-current={yours.has(size.label) ? 'true' : undefined}
                  className={cx(
                    'min-w-16 px-3 py-2 text-right font-bold whitespace-nowrap text-ink',
                    yours.has(size.label) && 'bg-brand-50 text-brand-800',
                  )}
                >
                  {size.label}
                  {yours.has(size.label) ? (
                    <span className="block text-xs font-semibold">Your size</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {fields.map((field) => (
              <tr key={field}>
                <th
                  scope="row"
                  className={cx(labelCell, 'pl-3 font-medium whitespace-nowrap text-slate-700')}
                >
                  {geometryLabel(field)}
                </th>
                {sizes.map((size) => (
                  <td
                    key={size.label}
                    className={cx(
                      'px-3 py-2 text-right text-ink',
                      yours.has(size.label) && 'bg-brand-50 font-semibold',
                    )}
                  >
                    {formatGeometryValue(field, size.geometry?.[field])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
