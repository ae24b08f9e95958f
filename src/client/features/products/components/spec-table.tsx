import type { ProductSpecs } from '#shared/contract/product-sizing.ts';
import type { Category } from '#shared/contract/product.ts';
import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import { specRows } from '../spec-rows.ts';

/** The bicycle's stated specs as a two-column table; nothing when it states none. */
export function SpecTable({
  specs,
  category,
}: {
  specs: ProductSpecs | undefined;
  category: Category;
}) {
  const rows = specRows(specs, category);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specs-heading" className="mt-2">
      <h2 id="specs-heading" className="mb-2 text-lg font-bold text-ink">
        {fitFinderMessages.specs}
      </h2>
      <table aria-labelledby="specs-heading" className="w-full border-collapse text-sm">
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-600">
                {row.label}
              </th>
              <td className="py-2 font-semibold text-ink">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
