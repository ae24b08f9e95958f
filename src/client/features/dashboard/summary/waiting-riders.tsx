import { useGetWaitingRidersQuery } from '../dashboard-api.ts';

/** Sold-out bicycles that riders asked to hear about: what to restock first. */
export function WaitingRiders() {
  const { data = [] } = useGetWaitingRidersQuery(undefined);
  return (
    <section
      aria-labelledby="waiting-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="waiting-heading" className="text-lg font-semibold">
        Riders waiting for a restock
      </h2>
      {data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nobody is waiting for a sold-out bicycle.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-2 font-medium">
                Bicycle
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Waiting
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.map((row) => (
              <tr key={row.productId}>
                <td className="py-2 break-words">
                  {row.brand} {row.name}
                </td>
                <td className="py-2 text-right font-semibold">{row.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
