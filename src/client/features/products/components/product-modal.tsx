import { Heart } from '../../../components/ui/icons/heart.tsx';
import { ShoppingCart } from '../../../components/ui/icons/shopping-cart.tsx';
import { Zap } from '../../../components/ui/icons/zap.tsx';
import { Link } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { messages } from '#shared/messages.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { DialogTitle, Modal } from '../../../components/ui/dialog.tsx';
import { showNotice } from '../../../components/ui/notice.ts';
import { toCartProduct, useCart } from '../../cart/use-cart.ts';
import { useCheckout } from '../../checkout/use-checkout.ts';
import { toWishlistItem, useIsWishlisted, useWishlist } from '../../wishlist/use-wishlist.ts';
import { productPath } from '../product-json-ld.ts';
import { useGetProductQuery } from '../products-api.ts';
import { ProductImage } from './product-image.tsx';
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
  const cart = useCart();
  const wishlist = useWishlist();
  const wishlisted = useIsWishlisted(product._id);
  const { checkout, isPlacing } = useCheckout();
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
            className="h-full md:rounded-l-2xl"
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
          <div className="mt-auto flex flex-col gap-2 pt-2">
            <Button
              variant="outline"
              onClick={() => {
                wishlist.toggle(toWishlistItem(product));
              }}
            >
              <Heart
                aria-hidden="true"
                className={cx('h-4 w-4', wishlisted && 'fill-red-500 text-red-500')}
              />
              {wishlisted ? messages.wishlist.addedLabel : messages.wishlist.addLabel}
            </Button>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                className="sm:flex-1"
                dimmed={soldOut}
                onClick={() => {
                  cart.add(toCartProduct(product));
                }}
              >
                <ShoppingCart aria-hidden="true" className="h-4 w-4" />
                Add to Cart
              </Button>
              <Button
                variant="accent"
                className="sm:flex-1"
                dimmed={soldOut}
                disabled={isPlacing}
                onClick={() => {
                  if (soldOut) {
                    showNotice({ kind: 'error', text: messages.cart.outOfStock });
                    return;
                  }
                  void checkout([{ productId: product._id, quantity: 1 }]);
                }}
              >
                <Zap aria-hidden="true" className="h-4 w-4" />
                Buy Now
              </Button>
            </div>
          </div>
        </div>
      </div>
    </Modal>
  );
}
