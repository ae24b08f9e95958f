import { Icon } from '#client/components/ui/icon.tsx';
import layoutDashboardIcon from 'lucide-react/icons/layout-dashboard';
import logOutIcon from 'lucide-react/icons/log-out';
import packageIcon from 'lucide-react/icons/package';
import userRoundIcon from 'lucide-react/icons/user-round';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { User } from '#shared/contract/user.ts';
import { useLogout } from '#client/features/auth/use-logout.ts';
import { paths } from '#client/lib/paths.ts';
import { DropdownPanel } from '#client/components/ui/dropdown-panel.tsx';

const item =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-ink outline-none data-[highlighted]:bg-slate-100';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** View Profile, then Dashboard for an admin or View Orders for others, then Logout. */
export function AvatarMenu({ user, buttonClassName }: { user: User; buttonClassName: string }) {
  const logout = useLogout();
  const admin = user.role === 'admin';
  const shown = user.avatar ? '' : initials(user.name);
  const links = [
    { to: paths.profile, icon: userRoundIcon, label: 'View Profile' },
    admin
      ? { to: paths.dashboard.home, icon: layoutDashboardIcon, label: 'Dashboard' }
      : { to: paths.orders, icon: packageIcon, label: 'View Orders' },
  ];
  return (
    <DropdownMenu.Root modal={false}>
      {/* The initials are the button's visible label, so its name starts with them. */}
      <DropdownMenu.Trigger
        aria-label={shown ? `${shown}, Account menu` : 'Account menu'}
        className={buttonClassName}
      >
        {user.avatar ? (
          <img
            src={user.avatar}
            alt=""
            width={40}
            height={40}
            className="h-full w-full object-cover"
          />
        ) : (
          <span aria-hidden="true" className="text-sm font-bold">
            {shown || '?'}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownPanel className="z-50 min-w-56 animate-slide-down rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl">
        <DropdownMenu.Label className="px-3 pt-2 pb-2">
          <span className="block truncate text-sm font-bold text-ink">{user.name}</span>
          <span className="block truncate text-xs text-slate-600">{user.email}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        {links.map(({ to, icon, label }) => (
          <DropdownMenu.Item key={to} asChild className={item}>
            <Link to={to}>
              <Icon node={icon} className="h-4 w-4" />
              {label}
            </Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item
          className={item}
          onSelect={() => {
            void logout();
          }}
        >
          <Icon node={logOutIcon} className="h-4 w-4" />
          Logout
        </DropdownMenu.Item>
      </DropdownPanel>
    </DropdownMenu.Root>
  );
}
