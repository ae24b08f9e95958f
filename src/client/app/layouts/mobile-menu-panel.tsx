import { NavLink } from 'react-router';
import { cx } from '#client/components/ui/class-names.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import heartIcon from 'lucide-react/icons/heart';
import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { NAV_LINKS } from './nav-links.ts';
import { paths } from '#client/lib/paths.ts';

const link = 'flex items-center gap-3 rounded-xl px-4 py-3 text-lg font-semibold transition';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(link, isActive ? 'bg-ink text-white' : 'text-ink hover:bg-slate-100');

/** The links of the small-screen menu. */
export function MobileMenuPanel({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav aria-label="Mobile">
      <ul className="space-y-1">
        {NAV_LINKS.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} end={to === paths.home} onClick={onNavigate} className={linkClass}>
              {label}
            </NavLink>
          </li>
        ))}
        <li className="pt-4">
          <NavLink to={paths.wishlist} onClick={onNavigate} className={linkClass}>
            <Icon node={heartIcon} className="h-5 w-5" />
            My Wishlist
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.cart} onClick={onNavigate} className={linkClass}>
            <Icon node={shoppingCartIcon} className="h-5 w-5" />
            Shopping Cart
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
