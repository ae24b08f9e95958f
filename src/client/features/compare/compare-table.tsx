import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { toCartProduct, useCart } from '#client/features/cart/use-cart.ts';
import { useRiderFit } from '#client/features/products/fit/use-rider-fit.ts';
import { productPath } from '#client/lib/paths.ts';
import { columnFit, compareRows, shownSize, type CompareRow } from './compare-rows.ts';
import { comparePath } from './use-compare-list.ts';

const labelCell =
  'sticky left-0 z-10 w-28 min-w-28 border-b border-slate-200 bg-white py-2.5 pr-3 pl-1 text-left align-top sm:w-44 sm:min-w-44';
const valueCell = 'min-w-40 border-b border-slate-200 px-3 py-2.5 align-top';

function Rows({ rows }: { rows: readonly CompareRow[] }) {
  return rows.map((row) => (
    <tr key={row.key} data-differs={row.differs || undefined}>
      <th
        scope="row"
        className={cx(labelCell, 'font-medium text-slate-700', row.differs && 'bg-amber-50')}
      >
        {/* One text for screen readers, so the row's name reads "Reach (differs)". */}
        {row.differs ? (
          <>
            <span aria-hidden="true">{row.label}</span>
            <span className="sr-only">{`${row.label} (differs)`}</span>
          </>
        ) : (
          row.label
        )}
      </th>
      {row.cells.map((cell, index) => (
        <td
          // Cells are positional: the same column is the same bicycle.
          key={index}
          className={cx(valueCell, 'text-ink', row.differs && 'bg-amber-50')}
        >
          {cell}
        </td>
      ))}
    </tr>
  ));
}

/**
 * The bicycles side by side: a column each, a row per spec, size and measurement, the rows that
 * differ highlighted. On a phone the columns scroll sideways under the row names, which stay put.
 */
export function CompareTable({
  products,
  slugs,
}: {
  products: readonly Product[];
  slugs: string[];
}) {
  const rider = useRiderFit();
  const cart = useCart();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const fits = products.map((p) => columnFit(p, rider));
  const shown = products.map((p, i) =>
    shownSize(p, chosen[p.slug], fits[i] ?? { text: null, candidates: [] }),
  );
  const { overview, geometry } = compareRows(products, shown, fits);
  const anySized = products.some((p) => (p.sizes ?? []).length > 0);

  return (
    <>
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <span
          aria-hidden="true"
          className="inline-block h-4 w-4 rounded border border-amber-300 bg-amber-50"
        />
        Rows where the bicycles differ are highlighted.
      </p>
      <div
        role="region"
        aria-label="Bicycles side by side"
        className="mt-4 overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Comparison of {products.length} bicycles</caption>
          <thead>
            <tr>
              <th scope="col" className={labelCell}>
                <span className="sr-only">Bicycle</span>
              </th>
              {products.map((product) => (
                <th
                  key={product._id}
                  scope="col"
                  className={cx(valueCell, 'text-left font-normal')}
                >
                  <ProductImage
                    src={product.thumbnailUrl ?? product.imageUrl}
                    alt=""
                    className="w-full max-w-48 rounded-lg"
                  />
                  <Link
                    to={productPath(product)}
                    className="mt-2 block font-bold text-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    {product.name}
                  </Link>
                  <Link
                    to={comparePath(slugs.filter((slug) => slug !== product.slug))}
                    aria-label={`Remove ${product.name} from the comparison`}
                    className="mt-1 inline-block text-xs text-slate-600 underline underline-offset-2 hover:text-ink"
                  >
                    Remove
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <Rows rows={overview} />
            {anySized ? (
              <tr>
                <th scope="row" className={cx(labelCell, 'font-medium text-slate-700')}>
                  Size
                </th>
                {products.map((product, index) => {
                  const sizes = product.sizes ?? [];
                  const yours = fits[index]?.candidates ?? [];
                  return (
                    <td key={product._id} className={valueCell}>
                      {sizes.length === 0 ? (
                        <span className="text-ink">One size</span>
                      ) : (
                        <select
                          aria-label={`Size of ${product.name}`}
                          value={shown[index] ?? ''}
                          onChange={(event) => {
                            setChosen((was) => ({ ...was, [product.slug]: event.target.value }));
                          }}
                          className="w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                        >
                          {sizes.map((size) => (
                            <option key={size.label} value={size.label}>
                              {size.label}
                              {yours.includes(size.label) ? ' (your size)' : ''}
                              {size.quantity > 0 ? '' : ' (sold out)'}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                  );
                })}
              </tr>
            ) : null}
            {geometry.length > 0 ? (
              <tr>
                <th
                  scope="colgroup"
                  colSpan={products.length + 1}
                  className="border-b border-slate-200 bg-slate-50 px-1 pt-4 pb-2 text-left text-xs font-bold tracking-wide text-slate-600 uppercase"
                >
                  <span className="sticky left-1">Geometry of the size chosen above</span>
                </th>
              </tr>
            ) : null}
            <Rows rows={geometry} />
            <tr>
              <th scope="row" className={labelCell}>
                <span className="sr-only">Add to cart</span>
              </th>
              {products.map((product, index) => (
                <td key={product._id} className={valueCell}>
                  <Button
                    icon={shoppingCartIcon}
                    size="sm"
                    dimmed={product.quantity <= 0}
                    aria-label={`Add To Cart: ${product.name}`}
                    onClick={() => {
                      cart.add(toCartProduct(product), shown[index] ?? null);
                    }}
                  >
                    Add To Cart
                  </Button>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}
