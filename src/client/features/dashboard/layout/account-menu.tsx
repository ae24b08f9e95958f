import { Icon } from '#client/components/ui/icon.tsx';
import houseIcon from 'lucide-react/icons/house';
import logOutIcon from 'lucide-react/icons/log-out';
import userRoundIcon from 'lucide-react/icons/user-round';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import type { User } from '#shared/contract/user.ts';
import { useLogout } from '#client/features/auth/use-logout.ts';
import { paths } from '#client/lib/paths.ts';
import { DropdownPanel } from '#client/components/ui/dropdown-panel.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The avatar in the top bar opens the admin's own links and Logout. */
export function AccountMenu({ user }: { user: User | null }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const name = user?.name ?? 'Admin';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Open account menu"
        className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-emerald-100 font-semibold text-emerald-800 ring-2 ring-white outline-none focus-visible:ring-emerald-500"
      >
        {user?.avatar ? (
          <img src={user.avatar} alt="" className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
        )}
      </DropdownMenu.Trigger>
      <DropdownPanel className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <DropdownMenu.Label className="px-3 py-2">
          <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
          <span className="block truncate text-xs text-slate-500">{user?.email}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(paths.profile)}>
          <Icon node={userRoundIcon} className="h-4 w-4" />
          View Profile
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(paths.home)}>
          <Icon node={houseIcon} className="h-4 w-4" />
          Go Home
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
          <Icon node={logOutIcon} className="h-4 w-4" />
          Logout
        </DropdownMenu.Item>
      </DropdownPanel>
    </DropdownMenu.Root>
  );
}
