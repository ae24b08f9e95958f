import { Icon } from '#client/components/ui/icon.tsx';
import heartIcon from 'lucide-react/icons/heart';
import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { isSized } from '#shared/rules/sizes.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { toCartProduct, useCart } from '#client/features/cart/use-cart.ts';
import { useProductWishlist } from '#client/features/wishlist/use-wishlist.ts';
import { CompareButton } from '#client/features/compare/compare-button.tsx';
import { productPath } from '#client/lib/paths.ts';
import { isPlainClick } from '#client/lib/plain-click.ts';
import { purchaseFields } from '../purchase-intent.ts';
import { FitNote } from './fit-note.tsx';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { StockPill } from './stock-pill.tsx';

const loadProductModal = () => import('./product-modal.tsx');
const ProductModal = lazy(async () => ({ default: (await loadProductModal()).ProductModal }));
const loadSizeDialog = () => import('./choose-size-dialog.tsx');
const ChooseSizeDialog = lazy(async () => ({
  default: (await loadSizeDialog()).ChooseSizeDialog,
}));

/** Starts fetching the details dialog when the shopper is about to ask for it. */
function prefetchModal() {
  void loadProductModal();
}

/**
 * A press on a card that the bicycle's page carries out. Before the scripts ran the browser posts
 * it to the page, whose action hands it back to the app there, once (decision 035); with them,
 * `onPress` acts at once.
 */
function PagePress({
  action,
  onPress,
  children,
}: {
  action: string;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        onPress();
      }}
    >
      {children}
    </form>
  );
}

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const titleId = useId();
  const cart = useCart();
  const { wishlisted, add: addToWishlist } = useProductWishlist(product);
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [sizing, setSizing] = useState(false);
  const [everSized, setEverSized] = useState(false);
  const soldOut = product.quantity <= 0;
  // A sized bicycle in stock asks for the size first; sold out, the cart's rule answers at once.
  const asksSize = isSized(product.sizes) && !soldOut;

  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition hover:-translate-y-0.5 hover:shadow-xl hover:shadow-slate-900/5"
    >
      <div className="relative overflow-hidden">
        {/* The name links to the same page; this one stays out of the tab order. */}
        <Link to={productPath(product)} tabIndex={-1} aria-hidden="true">
          <ProductImage
            src={product.thumbnailUrl ?? product.imageUrl}
            alt={`${product.brand} ${product.name}`}
            size="thumb"
            eager={eager}
            className="w-full transition duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        <StockPill quantity={product.quantity} className="absolute top-2 left-2 shadow-sm" />
        <PagePress action={productPath(product)} onPress={addToWishlist}>
          <button
            type="submit"
            name={purchaseFields.intent}
            value="wish"
            aria-label="Add to wishlist"
            className={cx(
              'absolute top-2 right-2 inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-white/95 text-ink shadow-md transition hover:scale-110',
              'focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              // Touch screens have no hover, so the heart shows there all the time.
              wishlisted
                ? 'opacity-100'
                : 'md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100',
            )}
          >
            <Icon
              node={heartIcon}
              className={cx('h-5 w-5', wishlisted ? 'fill-red-500 text-red-500' : '')}
            />
          </button>
        </PagePress>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {product.category}
        </p>
        <h3
          id={titleId}
          className="line-clamp-2 text-base leading-snug font-bold text-ink sm:text-lg"
        >
          <Link
            to={productPath(product)}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {product.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">{product.brand}</p>
        {/* A value, not a heading: as a large bold paragraph it reads as one (axe: p-as-heading). */}
        <data value={product.price} className="mt-1 block text-lg font-extrabold text-ink">
          {formatPrice(product.price)}
        </data>
        <FitNote product={product} />
        <div className="mt-auto flex flex-col gap-2 pt-3 lg:flex-row">
          {/* Added once, or, for a sized bicycle, the page's size choice asks for a size
              (decision 036). */}
          <PagePress
            action={productPath(product)}
            onPress={() => {
              if (asksSize) {
                setEverSized(true);
                setSizing(true);
              } else cart.add(toCartProduct(product));
            }}
          >
            <Button
              type="submit"
              name={purchaseFields.intent}
              value="add"
              icon={shoppingCartIcon}
              size="sm"
              dimmed={soldOut}
              className="w-full lg:w-auto lg:flex-1"
              onPointerEnter={asksSize ? () => void loadSizeDialog() : undefined}
            >
              Add To Cart
            </Button>
          </PagePress>
          {/* The bicycle's page, which a tap before the scripts ran (or without them) opens;
              once they run, a plain click shows the details in a dialog over the list. */}
          <Link
            to={productPath(product)}
            aria-haspopup="dialog"
            className={buttonClasses({
              size: 'sm',
              variant: 'outline',
              className: 'w-full lg:w-auto lg:flex-1',
            })}
            onPointerEnter={prefetchModal}
            onFocus={prefetchModal}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              setEverOpened(true);
              setOpen(true);
            }}
          >
            View Details
          </Link>
        </div>
        <CompareButton product={product} className="mt-2" />
      </div>
      {everOpened ? (
        <Suspense fallback={null}>
          <ProductModal product={product} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
      {everSized ? (
        <Suspense fallback={null}>
          <ChooseSizeDialog product={product} open={sizing} onOpenChange={setSizing} />
        </Suspense>
      ) : null}
    </article>
  );
}
