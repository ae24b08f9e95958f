import { Icon, type IconNode } from '#client/components/ui/icon.tsx';
import bikeIcon from 'lucide-react/icons/bike';
import circlePlusIcon from 'lucide-react/icons/circle-plus';
import houseIcon from 'lucide-react/icons/house';
import layoutDashboardIcon from 'lucide-react/icons/layout-dashboard';
import shoppingBagIcon from 'lucide-react/icons/shopping-bag';
import usersIcon from 'lucide-react/icons/users';
import { Link, NavLink } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { shopsNavEntry } from '../locations/shops-nav.ts';

const ENTRIES: { to: string; label: string; icon: IconNode; end?: boolean }[] = [
  { to: paths.dashboard.home, label: 'Dashboard', icon: layoutDashboardIcon, end: true },
  { to: paths.dashboard.orders, label: 'Order Management', icon: shoppingBagIcon },
  shopsNavEntry,
  { to: paths.dashboard.users, label: 'User Management', icon: usersIcon },
  { to: paths.dashboard.bicycles, label: 'Bicycle Management', icon: bikeIcon },
  { to: paths.dashboard.addBicycle, label: 'Add Bicycle', icon: circlePlusIcon },
  { to: `${paths.dashboard.home}/reviews`, label: 'Reviews', icon: usersIcon },
];

function itemClass({ isActive }: { isActive: boolean }): string {
  const base =
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';
  return isActive
    ? `${base} bg-emerald-700 text-white`
    : `${base} text-slate-300 hover:bg-slate-800 hover:text-white`;
}

/** The brand, the dashboard's screens and the way back to the store. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <Link
        to={paths.dashboard.home}
        onClick={onNavigate}
        className="flex items-center gap-2 px-5 py-6 text-xl font-bold tracking-tight text-white"
      >
        <Icon node={bikeIcon} className="h-7 w-7 text-emerald-400" />
        Bi-Cycle Store
      </Link>
      <nav aria-label="Dashboard" className="flex-1 px-3">
        <ul className="space-y-1">
          {ENTRIES.map(({ to, label, icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} onClick={onNavigate} className={itemClass}>
                <Icon node={icon} className="h-5 w-5 shrink-0" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-800 p-3">
        <Link
          to={paths.home}
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white"
        >
          <Icon node={houseIcon} className="h-5 w-5" />
          Go Home
        </Link>
      </div>
    </div>
  );
}
