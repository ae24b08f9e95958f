import { Panel } from './panel.tsx';
import { TableHead } from '#client/components/ui/table.tsx';
import { useGetWaitingRidersQuery } from '../dashboard-api.ts';

/**
 * Sold-out bicycles and sizes that riders asked to hear about: what to restock first. The API
 * counts confirmed alerts only, so addresses typed by strangers do not inflate the demand.
 */
export function WaitingRiders() {
  const { data = [], isError } = useGetWaitingRidersQuery(undefined);
  return (
    <Panel headingId="waiting-heading" title="Riders waiting for a restock">
      {/* Without this, a failed call would claim that nobody is waiting. */}
      {isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The waiting riders could not be loaded. Please try again.
        </p>
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nobody is waiting for a sold-out bicycle.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Riders waiting for each sold-out bicycle and size</caption>
          <TableHead
            rowClassName="text-left text-slate-600"
            cellClassName="py-2 pr-3 font-medium"
            columns={[
              'Bicycle',
              'Size',
              { label: 'Waiting', className: 'py-2 text-right font-medium' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {data.map((row) => (
              // One row per bicycle and size: the product id alone repeats.
              <tr key={`${row.productId}:${row.size ?? ''}`}>
                <td className="py-2 pr-3 break-words">
                  {row.brand} {row.name}
                </td>
                {/* A word, not a dash: screen readers read "Any" and skip or spell a dash. */}
                <td className="py-2 pr-3 whitespace-nowrap">
                  {row.size ?? <span className="text-slate-500">Any</span>}
                </td>
                <td className="py-2 text-right font-semibold">{row.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
