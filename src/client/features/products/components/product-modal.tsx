import { Link } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import { productPath } from '#client/lib/paths.ts';
import { useGetProductQuery } from '../products-api.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { PurchasePanel } from './purchase-panel.tsx';
import { StockPill } from './stock-pill.tsx';

/** The details dialog: the card's data at once, refreshed from the server for current stock. */
export function ProductModal({
  product: initial,
  open,
  onOpenChange,
}: {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data } = useGetProductQuery(initial._id, { skip: !open });
  const product = data?.data ?? initial;
  const soldOut = product.quantity <= 0;

  return (
    <Modal open={open} onOpenChange={onOpenChange} className="max-w-4xl">
      <div className="grid md:grid-cols-2">
        <div className="bg-slate-100 md:rounded-l-2xl">
          <ProductImage
            src={product.imageUrl}
            alt={`${product.brand} ${product.name}`}
            size="large"
            eager
            className="h-full w-full md:rounded-l-2xl"
          />
        </div>
        <div className="flex flex-col gap-4 p-5 sm:p-7">
          <div className="flex flex-wrap items-center gap-2 pr-10">
            <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              {product.category}
            </span>
            <StockPill quantity={product.quantity} />
          </div>
          <div>
            <DialogTitle className="text-2xl leading-tight font-black text-ink sm:text-3xl">
              {product.name}
            </DialogTitle>
            <p className="mt-1 text-slate-600">
              Brand: <span className="font-semibold text-ink">{product.brand}</span>
            </p>
          </div>
          {/* A value shown large, not a heading (a big bold paragraph reads as one). */}
          <data value={product.price} className="block text-3xl font-black text-ink">
            {formatPrice(product.price)}
          </data>
          <p className="text-sm leading-relaxed text-slate-700">{product.description}</p>
          <p className="text-sm text-slate-600">
            {soldOut ? 'Currently out of stock.' : `${String(product.quantity)} in stock`}
          </p>
          <Link
            to={productPath(product)}
            className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Open the full page
          </Link>
          <div className="mt-auto">
            <PurchasePanel product={product} />
          </div>
        </div>
      </div>
    </Modal>
  );
}
