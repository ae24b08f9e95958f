import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { messages } from '#shared/messages.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { removeItem } from '../cart/cart-slice.ts';
import { useGetMyOrdersQuery, useVerifyOrderQuery } from '../orders/orders-api.ts';

/** Once paid, the ordered line leaves the cart; the order names its product. */
function useClearPaidLine(orderId: string, paid: boolean) {
  const dispatch = useAppDispatch();
  // The new order is among the newest, on the first page.
  const { data } = useGetMyOrdersQuery({ page: 1 }, { skip: !paid });
  const productId = data?.data.find((o) => o._id === orderId)?.product._id;
  useEffect(() => {
    if (productId) dispatch(removeItem(productId));
  }, [dispatch, productId]);
}

function PaymentResult({ orderId }: { orderId: string }) {
  const { data, isFetching, isLoading } = useVerifyOrderQuery(orderId, {
    refetchOnMountOrArgChange: true,
  });
  const paid = data?.[0]?.bank_status === 'Success';
  useClearPaidLine(orderId, paid && !isFetching);

  if (isLoading || isFetching) {
    return (
      <div className="flex flex-col items-center gap-4 py-6">
        <Spinner
          label="Checking your payment"
          className="text-slate-700 [&>span:first-child]:h-10 [&>span:first-child]:w-10"
        />
        <p className="text-slate-600">Checking your payment…</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center text-center">
      {paid ? (
        <CircleCheck aria-hidden="true" className="h-20 w-20 text-emerald-500" strokeWidth={1.5} />
      ) : (
        <CircleX aria-hidden="true" className="h-20 w-20 text-red-500" strokeWidth={1.5} />
      )}
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        {paid ? messages.payment.success : messages.payment.failed}
      </h1>
      <p className="mt-2 text-slate-600">
        {paid
          ? 'Your payment has been successful. Thank you for your order!'
          : 'Your payment has failed. Please try again.'}
      </p>
      <Link
        to="/"
        className="mt-8 inline-flex rounded-lg bg-slate-900 px-8 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        Finish
      </Link>
    </div>
  );
}

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  if (!orderId) return <Navigate to="/" replace />;
  return (
    <main className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-lg shadow-slate-900/5">
        <PaymentResult key={orderId} orderId={orderId} />
      </div>
    </main>
  );
}
