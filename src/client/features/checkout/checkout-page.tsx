import type { ReactNode } from 'react';
import { checkoutMessages } from '#shared/messages/checkout.ts';
import { Link, useSearchParams } from 'react-router';
import { onlySize, orderSizeMessage, orderSizeProblem } from '#shared/rules/sizes.ts';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths, productPath } from '#client/lib/paths.ts';
import {
  namesNoProduct,
  useGetProductBySlugQuery,
  useGetProductQuery,
} from '#client/features/products/products-api.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { namesProductById, readCheckoutQuery } from './checkout-query.ts';
import { fedByLoader } from '#client/lib/api.ts';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/** The bicycle the address names, by id (a cart line) or by slug (Buy Now, a shared link). */
function useCheckoutProduct(ref: string) {
  const byId = namesProductById(ref);
  const byIdQuery = useGetProductQuery(ref, { ...fedByLoader, skip: !byId });
  const bySlugQuery = useGetProductBySlugQuery(ref, { ...fedByLoader, skip: byId });
  const query = byId ? byIdQuery : bySlugQuery;
  return {
    product: query.data?.data,
    missing: namesNoProduct(query.error),
    failed: query.isError,
    retry: () => void query.refetch(),
  };
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 rounded-2xl border border-slate-200 p-6 text-slate-700">{children}</div>
  );
}

function CheckoutOfLine({ line }: { line: NonNullable<ReturnType<typeof readCheckoutQuery>> }) {
  const { product, missing, failed, retry } = useCheckoutProduct(line.product);
  if (missing) {
    return (
      <Notice>
        <p className="font-semibold text-ink">{checkoutMessages.notInShop}</p>
        <Link to={paths.shop} className={`${linkClass} mt-3 inline-block`}>
          Browse bicycles
        </Link>
      </Notice>
    );
  }
  if (!product) {
    if (failed) return <LoadFailed message="The bicycle could not be loaded." onRetry={retry} />;
    return <Spinner label="Loading the bicycle" className="mt-8" />;
  }
  const sizes = product.sizes ?? [];
  const problem = orderSizeProblem(sizes, line.size);
  if (problem) {
    return (
      <Notice>
        <p className="font-semibold text-ink">{orderSizeMessage(problem)}</p>
        <Link to={productPath(product)} className={`${linkClass} mt-3 inline-block`}>
          Back to {product.name}
        </Link>
      </Notice>
    );
  }
  return (
    <CheckoutForm product={product} size={line.size ?? onlySize(sizes)} quantity={line.quantity} />
  );
}

/**
 * `/checkout?product=<slug or id>&size=M&quantity=1`: one bicycle on its way to being ordered.
 * The address holds the whole line, so the page can be shared, reloaded and rendered by the
 * server as it is.
 */
export function CheckoutPage() {
  const [search] = useSearchParams();
  const line = readCheckoutQuery(search);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">
        {checkoutMessages.pageTitle}
      </h1>
      {line ? (
        <CheckoutOfLine line={line} />
      ) : (
        <Notice>
          <p className="font-semibold text-ink">{checkoutMessages.noLine}</p>
          <Link to={paths.cart} className={`${linkClass} mt-3 inline-block`}>
            Back to your cart
          </Link>
        </Notice>
      )}
    </main>
  );
}
