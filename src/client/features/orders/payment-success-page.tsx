import { Icon, type IconNode } from '#client/components/ui/icon.tsx';
import circleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import circleCheckIcon from 'lucide-react/icons/circle-check';
import circleXIcon from 'lucide-react/icons/circle-x';
import logInIcon from 'lucide-react/icons/log-in';
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import type { Order } from '#shared/contract/order.ts';
import { paymentMessages } from '#shared/messages/payment.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage, errorStatus } from '#client/lib/api.ts';
import { useCart } from '#client/features/cart/use-cart.ts';
import { OrderSize } from './order-size.tsx';
import { useGetMyOrdersQuery, useVerifyOrderQuery } from './orders-api.ts';
import { paths } from '#client/lib/paths.ts';

/** The order the result is about: a new order is among the newest, on the first page. */
function useResultOrder(orderId: string, settled: boolean): Order | undefined {
  const { data } = useGetMyOrdersQuery({ page: 1 }, { skip: !settled });
  return data?.data.find((o) => o._id === orderId);
}

/** Once paid, the ordered line (that bicycle in that size) leaves the cart. */
function useClearPaidLine(order: Order | undefined, paid: boolean) {
  const { dropPaid } = useCart();
  const productId = paid ? order?.product._id : undefined;
  const size = order?.size ?? null;
  useEffect(() => {
    if (productId) dropPaid({ id: productId, size });
  }, [dropPaid, productId, size]);
}

/** Which bicycle, and in which size, the payment was for. */
function OrderedBicycle({ order }: { order: Order | undefined }) {
  if (!order) return null;
  return (
    <p className="mt-4 text-sm text-slate-700">
      <span className="font-medium text-slate-900">
        {order.product.brand} {order.product.name}
      </span>
      <OrderSize order={order} className="ml-2 font-medium text-slate-600" />
    </p>
  );
}

const buttonClass =
  'mt-8 inline-flex items-center gap-2 rounded-lg bg-slate-900 px-8 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** What the page says: a large icon in `tone`, the heading, a line of text, then the way on. */
function Outcome({
  icon,
  tone,
  title,
  text,
  children,
}: {
  icon: IconNode;
  tone: string;
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center text-center">
      <Icon node={icon} className={`h-20 w-20 ${tone}`} strokeWidth={1.5} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      {children}
    </div>
  );
}

/**
 * The result belongs to a signed-in owner. A visitor whose session is gone (the API's client
 * already tried to refresh it) signs in and comes back to this very address, order_id included.
 */
function SignInToSee() {
  const location = useLocation();
  return (
    <Outcome
      icon={logInIcon}
      tone="text-slate-500"
      title="Sign in to see your payment"
      text="Your order is kept with your account. Sign in and you will come straight back here."
    >
      <Link to={paths.signIn} state={{ from: location }} className={buttonClass}>
        Sign in
      </Link>
    </Outcome>
  );
}

/** Not an answer about the payment: the store could not ask. Saying "failed" would not be true. */
function NotChecked({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  return (
    <Outcome
      icon={circleAlertIcon}
      tone="text-amber-500"
      title="We could not check your payment"
      text={message ?? 'Please try again in a few minutes.'}
    >
      <button type="button" onClick={onRetry} className={buttonClass}>
        Try again
      </button>
    </Outcome>
  );
}

function PaymentResult({ orderId }: { orderId: string }) {
  const { data, error, isError, isFetching, isLoading, refetch } = useVerifyOrderQuery(orderId, {
    refetchOnMountOrArgChange: true,
  });
  const settled = data !== undefined && !isFetching;
  const paid = data?.[0]?.bank_status === 'Success';
  const order = useResultOrder(orderId, settled);
  useClearPaidLine(order, paid && settled);

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

  if (isError) {
    if (errorStatus(error) === 401) return <SignInToSee />;
    return (
      <NotChecked
        message={errorMessage(error)}
        onRetry={() => {
          void refetch();
        }}
      />
    );
  }

  return (
    <Outcome
      icon={paid ? circleCheckIcon : circleXIcon}
      tone={paid ? 'text-emerald-500' : 'text-red-500'}
      title={paid ? paymentMessages.success : paymentMessages.failed}
      text={
        paid
          ? 'Your payment has been successful. Thank you for your order!'
          : 'Your payment has failed. Please try again.'
      }
    >
      <OrderedBicycle order={order} />
      <Link to={paths.home} className={buttonClass}>
        Finish
      </Link>
    </Outcome>
  );
}

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  if (!orderId) return <Navigate to={paths.home} replace />;
  return (
    <main className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-lg shadow-slate-900/5">
        <PaymentResult key={orderId} orderId={orderId} />
      </div>
    </main>
  );
}
