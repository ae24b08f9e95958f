import { Icon } from '#client/components/ui/icon.tsx';
import heartIcon from 'lucide-react/icons/heart';
import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { useId, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { CountBadge } from '#client/components/ui/count-badge.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { selectCartLineCount, toggleCartDrawer } from '#client/features/cart/cart-slice.ts';
import { selectWishlistCount } from '#client/features/wishlist/wishlist-slice.ts';
import { useAppDispatch, useAppSelector } from '#client/lib/hooks.ts';
import { HeaderSearch } from '#client/features/search/header-search.tsx';
import { PhoneSearch } from '#client/features/search/phone-search.tsx';
import { AccountArea } from './account-area.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NAV_LINKS } from './nav-links.ts';
import { paths } from '#client/lib/paths.ts';
import { isPlainClick } from '#client/lib/plain-click.ts';

const iconButton =
  'relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-ink transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function itemsText(count: number): string {
  return `${String(count)} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * A header control and its count: the badge beside it, not in it, so the control's name stays its
 * visible label; the count in words is the control's description (`describedBy`).
 */
function WithCount({
  count,
  children,
}: {
  count: number;
  children: (describedBy: string) => ReactNode;
}) {
  const id = useId();
  return (
    <>
      <span className="relative inline-flex">
        {children(id)}
        <CountBadge count={count} />
      </span>
      <span id={id} hidden>
        {itemsText(count)}
      </span>
    </>
  );
}

export function SiteHeader() {
  const dispatch = useAppDispatch();
  const cartLines = useAppSelector(selectCartLineCount);
  const wishlistCount = useAppSelector(selectWishlistCount);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80">
      {/* The blur sits on a layer of its own: a backdrop filter on the header would make the
          header the containing block of the menu's fixed panel and clip it to the header. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-white/90 backdrop-blur-md" />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <BrandLogo />
        <nav aria-label="Main" className="mx-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === paths.home}
                  className={({ isActive }) =>
                    cx(
                      'rounded-full px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                      isActive
                        ? 'bg-ink text-white'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-ink',
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch className="hidden w-60 lg:block xl:w-72" />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <PhoneSearch className="lg:hidden" />
          {/* On the narrowest phones the search icon takes the wishlist's place; the menu
              still has "My Wishlist". */}
          <span className="contents max-[383px]:hidden">
            <WithCount count={wishlistCount}>
              {(describedBy) => (
                <Link
                  to={paths.wishlist}
                  aria-label="Wishlist"
                  aria-describedby={describedBy}
                  className={iconButton}
                >
                  <Icon node={heartIcon} className="h-5 w-5" />
                </Link>
              )}
            </WithCount>
          </span>
          <WithCount count={cartLines}>
            {(describedBy) => (
              // A link to the cart page, which a tap before the scripts ran (or without them)
              // opens; once they run, a plain tap opens the drawer over the page instead.
              <Link
                to={paths.cart}
                aria-label="Cart"
                aria-describedby={describedBy}
                aria-haspopup="dialog"
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  dispatch(toggleCartDrawer());
                }}
                className={iconButton}
              >
                <Icon node={shoppingCartIcon} className="h-5 w-5" />
              </Link>
            )}
          </WithCount>
          <AccountArea />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
