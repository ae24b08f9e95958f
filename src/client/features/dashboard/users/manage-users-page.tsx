import { Link } from 'react-router';
import { toast } from '#client/components/ui/toast.ts';
import type { AdminUser } from '#shared/contract/user.ts';
import { adminMessages } from '#shared/messages/admin.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { useListPage } from '../components/list-page.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { selectClass, tdClass } from '../components/table.ts';
import { useGetAdminUsersQuery, useSetAdminUserStatusMutation } from '../dashboard-api.ts';
import { formatDay } from '../format.ts';
import { paths } from '#client/lib/paths.ts';

const LIMIT = 20;

/** Manage Orders searching for this customer's email: their orders. */
function customerOrdersPath(email: string): string {
  return `${paths.dashboard.orders}?${new URLSearchParams({ searchTerm: email }).toString()}`;
}

function ordersText(count: number): string {
  return count === 1 ? '1 order' : `${String(count)} orders`;
}

function UserRow({ user }: { user: AdminUser }) {
  const [setStatus, { isLoading }] = useSetAdminUserStatusMutation();

  async function change(value: string) {
    const isBlocked = value === 'blocked';
    if (isBlocked === user.isBlocked) return;
    const id = toast.loading(adminMessages.updatingUserStatus);
    try {
      await setStatus({ userId: user._id, isBlocked }).unwrap();
      toast.success(adminMessages.userUpdated, { id });
    } catch {
      toast.error(adminMessages.updateFailed, { id });
    }
  }

  return (
    <tr className="hover:bg-slate-50">
      <td className={`${tdClass} font-medium text-slate-900`}>
        {user.name}
        {user.role === 'admin' ? (
          <span className="ml-2 text-xs font-normal text-slate-500">(admin)</span>
        ) : null}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        {user.email}
        {/* What the customer bought, under the spec's five columns. */}
        <span className="block text-xs text-slate-500 tabular-nums">
          {user.orderCount > 0 ? (
            <Link
              to={customerOrdersPath(user.email)}
              aria-label={`${String(user.orderCount)} orders of ${user.email}`}
              className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {ordersText(user.orderCount)}
            </Link>
          ) : (
            ordersText(0)
          )}
          {` · ${formatPrice(user.totalPaid)} paid`}
        </span>
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatDay(user.createdAt)}</td>
      <td className={tdClass}>
        {user.isBlocked ? <Badge tone="red">Blocked</Badge> : <Badge tone="green">Active</Badge>}
      </td>
      <td className={tdClass}>
        <select
          aria-label={`Action for ${user.email}`}
          value={user.isBlocked ? 'blocked' : 'active'}
          disabled={user.role === 'admin' || isLoading}
          onChange={(e) => void change(e.target.value)}
          className={`${selectClass} w-[120px]`}
        >
          <option value="active">Active</option>
          <option value="blocked">Block</option>
        </select>
      </td>
    </tr>
  );
}

export function ManageUsersPage() {
  const { searchTerm, page, setPage } = useListPage();
  const result = useGetAdminUsersQuery({ page, limit: LIMIT, searchTerm });
  return (
    <AdminTable
      title="Manage Users"
      noun="users"
      emptyText={adminMessages.noUsers}
      columns={['User Name', 'User Email', 'Join Date', 'Status', 'Action']}
      result={result}
      renderRow={(user) => <UserRow key={user._id} user={user} />}
      onPage={setPage}
    />
  );
}
