import { TableHead } from '#client/components/ui/table.tsx';
import type { ProductSize } from '#shared/contract/product-sizing.ts';
import { fitFinderMessages } from '#shared/messages/fit-finder.ts';

const t = fitFinderMessages;
const th = 'py-2 pr-3 text-left text-xs font-bold tracking-wide text-slate-600 uppercase';

/** Each size with the rider heights it is made for and whether it is in stock. */
export function SizeChart({ sizes }: { sizes: readonly ProductSize[] }) {
  if (sizes.length === 0) return null;
  return (
    <section aria-labelledby="size-chart-heading" className="mt-2">
      <h2 id="size-chart-heading" className="mb-2 text-lg font-bold text-ink">
        {t.sizeChart}
      </h2>
      <table aria-labelledby="size-chart-heading" className="w-full border-collapse text-sm">
        <TableHead
          rowClassName="border-b border-slate-200"
          cellClassName={th}
          columns={['Size', 'Rider height', 'Availability']}
        />
        <tbody className="divide-y divide-slate-200">
          {sizes.map((size) => (
            <tr key={size.label}>
              <th scope="row" className="py-2 pr-3 text-left font-semibold text-ink">
                {size.label}
              </th>
              <td className="py-2 pr-3 text-slate-700 tabular-nums">
                {size.minHeightCm}–{size.maxHeightCm} cm
              </td>
              <td className={size.quantity > 0 ? 'py-2 text-emerald-800' : 'py-2 text-red-700'}>
                {size.quantity > 0 ? t.inStock : t.soldOut}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
