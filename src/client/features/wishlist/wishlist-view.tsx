import { Icon } from '#client/components/ui/icon.tsx';
import heartIcon from 'lucide-react/icons/heart';
import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import xIcon from 'lucide-react/icons/x';
import { useNavigate } from 'react-router';
import { Breadcrumb } from '#client/components/ui/breadcrumb.tsx';
import type { CartProduct } from '#shared/rules/cart.ts';
import { wishlistMessages } from '#shared/messages/wishlist.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { isSized } from '#shared/rules/sizes.ts';
import { useAppDispatch, useAppSelector } from '#client/lib/hooks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { BoxedTable } from '#client/components/ui/table.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { ProductThumbnail } from '#client/components/ui/product-image.tsx';
import { toCartProduct, useCart } from '#client/features/cart/use-cart.ts';

import { productsApi } from '#client/features/products/products-api.ts';
import { useWishlist } from './use-wishlist.ts';
import { selectWishlistItems, type WishlistItem } from './wishlist-slice.ts';
import { paths, productPath } from '#client/lib/paths.ts';

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-600 uppercase sm:px-4';

/**
 * The cart needs current stock, which the saved wishlist entry may not know any more. A bicycle
 * with sizes in stock goes to its page, where the rider picks the size.
 */
function useAddWishlistItemToCart() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cart = useCart();
  return async (item: WishlistItem) => {
    let product: CartProduct;
    try {
      const fresh = await dispatch(
        productsApi.endpoints.getProduct.initiate(item._id, { subscribe: false }),
      ).unwrap();
      if (isSized(fresh.data.sizes) && fresh.data.quantity > 0) {
        void navigate(productPath(fresh.data));
        return;
      }
      product = fresh.data;
    } catch {
      product = { ...item, quantity: item.quantity ?? (item.inStock ? 1 : 0) };
    }
    cart.add(toCartProduct(product));
  };
}

export function WishlistView() {
  const items = useAppSelector(selectWishlistItems);
  const wishlist = useWishlist();
  const addToCart = useAddWishlistItemToCart();

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <Breadcrumb
        trail={[{ to: paths.home, label: 'Home' }]}
        current="WishList"
        separator="-"
        className="text-sm text-slate-600"
        listClassName="flex items-center gap-2"
        currentClassName="font-semibold text-ink"
      />
      <h1 className="mt-3 text-3xl font-black tracking-tight text-ink sm:text-4xl">My Wishlist</h1>

      {items.length === 0 ? (
        <EmptyState icon={heartIcon} message={wishlistMessages.empty} />
      ) : (
        // `relative` keeps the visually hidden header text in this scroll box; placed against the
        // page instead, it sat past a phone's right edge and widened the page.
        <BoxedTable
          boxClassName="relative mt-8 overflow-x-auto rounded-2xl border border-slate-200"
          tableClassName="w-full min-w-[36rem] border-collapse"
          cellClassName={th}
          columns={[
            'Product',
            'Unit Price',
            'Stock Status',
            {
              label: <span className="sr-only">Add to cart</span>,
              className: `${th} text-right`,
            },
          ]}
        >
          {items.map((item) => (
            <tr key={item._id}>
              <th scope="row" className="px-3 py-4 text-left font-normal sm:px-4">
                <div className="flex items-center gap-3">
                  <button
                    type="button"
                    aria-label="Remove from wishlist"
                    onClick={() => {
                      wishlist.remove(item._id);
                    }}
                    className="inline-flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-600 transition hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <Icon node={xIcon} className="h-4 w-4" />
                  </button>
                  <ProductThumbnail product={item} className="w-16 shrink-0 rounded-lg sm:w-20" />
                  <div className="min-w-0">
                    <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                      {item.brand}
                    </p>
                    <p className="font-bold text-ink">{item.name}</p>
                  </div>
                </div>
              </th>
              <td className="px-3 py-4 font-bold whitespace-nowrap text-ink tabular-nums sm:px-4">
                {formatPrice(item.price)}
              </td>
              <td className="px-3 py-4 sm:px-4">
                {item.inStock ? (
                  <Badge tone="green">In Stock</Badge>
                ) : (
                  <Badge tone="red">Out Of Stock</Badge>
                )}
              </td>
              <td className="px-3 py-4 text-right sm:px-4">
                <Button
                  icon={shoppingCartIcon}
                  size="sm"
                  dimmed={!item.inStock}
                  onClick={() => void addToCart(item)}
                >
                  Add To Cart
                </Button>
              </td>
            </tr>
          ))}
        </BoxedTable>
      )}
    </main>
  );
}
