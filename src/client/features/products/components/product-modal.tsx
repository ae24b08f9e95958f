import { Link } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import type { DialogState } from '#client/components/ui/dialog-frame.tsx';
import { productPath } from '#client/lib/paths.ts';
import { useGetProductQuery } from '../products-api.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { PurchasePanel } from './purchase-panel.tsx';
import { ProductSummary } from './product-summary.tsx';

/** The details dialog: the card's data at once, refreshed from the server for current stock. */
export function ProductModal({
  product: initial,
  open,
  onOpenChange,
}: DialogState & { product: Product }) {
  const { data } = useGetProductQuery(initial._id, { skip: !open });
  const product = data?.data ?? initial;

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
          <ProductSummary
            product={product}
            headerClassName="pr-10"
            title={
              <DialogTitle className="text-2xl leading-tight font-black text-ink sm:text-3xl">
                {product.name}
              </DialogTitle>
            }
            descriptionClassName="text-sm leading-relaxed text-slate-700"
          />
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
