import { toast } from 'sonner';
import type { User } from '#shared/contract/user.ts';
import { messages } from '#shared/messages.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Badge } from '../components/badge.tsx';
import { useListPage } from '../components/list-page.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { Pager } from '../components/pager.tsx';
import { selectClass, tableClass, tableWrapClass, tdClass, thClass } from '../components/table.ts';
import { useGetAdminUsersQuery, useSetAdminUserStatusMutation } from '../dashboard-api.ts';
import { formatDay } from '../format.ts';

const LIMIT = 20;

function UserRow({ user }: { user: User }) {
  const [setStatus, { isLoading }] = useSetAdminUserStatusMutation();

  async function change(value: string) {
    const isBlocked = value === 'blocked';
    if (isBlocked === user.isBlocked) return;
    const id = toast.loading(messages.admin.updatingUserStatus);
    try {
      await setStatus({ userId: user._id, isBlocked }).unwrap();
      toast.success(messages.admin.userUpdated, { id });
    } catch {
      toast.error(messages.admin.updateFailed, { id });
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
      <td className={`${tdClass} whitespace-nowrap`}>{user.email}</td>
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
  const { data, isLoading, isFetching, isError } = useGetAdminUsersQuery({
    page,
    limit: LIMIT,
    searchTerm,
  });

  return (
    <div>
      <PageHeading title="Manage Users" />
      {isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading users" className="text-emerald-600" />
        </div>
      ) : isError || !data ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          The users could not be loaded. Please try again.
        </p>
      ) : data.data.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white py-10 text-center text-slate-600">
          {messages.admin.noUsers}
        </p>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className={tableClass} aria-busy={isFetching}>
              <caption className="sr-only">Users</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    User Name
                  </th>
                  <th scope="col" className={thClass}>
                    User Email
                  </th>
                  <th scope="col" className={thClass}>
                    Join Date
                  </th>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                  <th scope="col" className={thClass}>
                    Action
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.data.map((user) => (
                  <UserRow key={user._id} user={user} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager meta={data.meta} onPage={setPage} label="User pages" />
        </>
      )}
    </div>
  );
}
