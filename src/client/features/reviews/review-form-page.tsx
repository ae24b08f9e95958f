import { useId, useState, type SyntheticEvent } from 'react';
import { Link, useParams } from 'react-router';
import { FIT_LABELS, REVIEW_FITS, type Review } from '#shared/contract/review.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError, FormField } from '#client/components/ui/form-field.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { showNotice } from '#client/components/ui/notice.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { paths, productPath } from '#client/lib/paths.ts';
import { selectCurrentUser } from '#client/lib/session.ts';
import { useOwnOrder } from '#client/features/orders/orders-api.ts';
import { useGetProductQuery } from '#client/features/products/products-api.ts';
import { NotFoundPage } from '#client/features/static-pages/not-found-page.tsx';
import {
  emptyReviewForm,
  readReviewForm,
  type ReviewFormErrors,
  type ReviewFormValues,
} from './review-form.ts';
import { useAddReviewMutation } from './reviews-api.ts';

const choiceLabel =
  'relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white px-3.5 text-sm font-semibold text-ink has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';
const hiddenRadio = 'absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0';

function Choices<V extends string>({
  legend,
  name,
  options,
  value,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: V; label: string }[];
  value: string;
  error: string | undefined;
  onChange: (value: V) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label key={o.value} className={choiceLabel}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => {
                onChange(o.value);
              }}
              className={hiddenRadio}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function Thanks({ review, productId }: { review: Review; productId: string }) {
  const { data } = useGetProductQuery(productId);
  const product = data?.data;
  return (
    <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
      <p className="font-bold text-emerald-900">Thank you for your review</p>
      <p className="mt-1 text-emerald-900">“{review.title}” now helps the next rider choose.</p>
      {product ? (
        <Link
          to={productPath(product)}
          className="mt-3 inline-block font-semibold text-brand-700 underline"
        >
          See it on the {product.name} page
        </Link>
      ) : null}
    </div>
  );
}

/** /orders/:number/review: the buyer of a Completed order says how the bicycle rides and fits. */
export function ReviewFormPage() {
  const { number = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const { data: order, notFound, isLoading, isError, refetch } = useOwnOrder(number);
  const [addReview, { isLoading: isSaving }] = useAddReviewMutation();
  const riderHeight = user?.riderHeightCm;
  const [values, setValues] = useState<ReviewFormValues>(() => emptyReviewForm(riderHeight));
  // A page the server drew first renders before the saved session is read: the rider's height
  // fills the field when it arrives, unless they have typed one already.
  const [heightKnown, setHeightKnown] = useState(riderHeight);
  if (riderHeight !== heightKnown) {
    setHeightKnown(riderHeight);
    if (values.heightCm === '' && riderHeight) {
      setValues((v) => ({ ...v, heightCm: String(riderHeight) }));
    }
  }
  const [errors, setErrors] = useState<ReviewFormErrors>({});
  const [done, setDone] = useState<Review | null>(null);
  const bodyId = useId();
  const set = (patch: Partial<ReviewFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
  };

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!order) return;
    const read = readReviewForm(order.number, values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    try {
      setDone(await addReview({ productId: order.product._id, body: read.body }).unwrap());
    } catch (error) {
      showNotice({ kind: 'error', text: errorMessage(error) ?? 'Your review could not be sent.' });
    }
  };

  // Someone else's order, or one that never was: the same page as the order's own.
  if (notFound) return <NotFoundPage />;

  let content;
  if (isLoading) content = <Spinner label="Loading your order" />;
  else if (isError || !order)
    content = (
      <LoadFailed message="This order could not be loaded." onRetry={() => void refetch()} />
    );
  else if (done) content = <Thanks review={done} productId={order.product._id} />;
  else if (order.status !== 'Completed')
    content = (
      <p className="text-slate-700">
        You can review this bicycle once your order is completed.{' '}
        <Link to={paths.orders} className="font-semibold text-brand-700 underline">
          Back to My Orders
        </Link>
      </p>
    );
  else
    content = (
      <form
        method="post"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="flex flex-col gap-5"
      >
        <p className="text-slate-700">
          {order.product.brand} {order.product.name}
          {order.size ? `, size ${order.size}` : ''} · Order {order.number}
        </p>
        <Choices
          legend="Your rating"
          name="rating"
          options={['1', '2', '3', '4', '5'].map((r) => ({
            value: r,
            label: `${r} ★`,
          }))}
          value={values.rating}
          error={errors.rating}
          onChange={(rating) => {
            set({ rating });
          }}
        />
        <FormField
          label="Title"
          value={values.title}
          error={errors.title}
          maxLength={120}
          onChange={(e) => {
            set({ title: e.target.value });
          }}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={bodyId} className="block text-sm font-medium text-slate-700">
            Your review
          </label>
          <textarea
            id={bodyId}
            rows={6}
            maxLength={4000}
            value={values.body}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${bodyId}-error` : undefined}
            onChange={(e) => {
              set({ body: e.target.value });
            }}
            className={`rounded-lg border px-3 py-2.5 text-slate-900 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 ${errors.body ? 'border-red-500' : 'border-slate-300'}`}
          />
          <FieldError id={`${bodyId}-error`} message={errors.body} className="" />
        </div>
        <Choices
          legend="How did the size fit?"
          name="fit"
          options={REVIEW_FITS.map((f) => ({ value: f, label: FIT_LABELS[f] }))}
          value={values.fit}
          error={errors.fit}
          onChange={(fit) => {
            set({ fit });
          }}
        />
        <FormField
          label="Your height (cm, optional)"
          inputMode="numeric"
          value={values.heightCm}
          error={errors.heightCm}
          onChange={(e) => {
            set({ heightCm: e.target.value });
          }}
        />
        <Button type="submit" disabled={isSaving} className="sm:w-fit">
          Send review
        </Button>
      </form>
    );

  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-black text-ink">Write a review</h1>
      {content}
    </main>
  );
}
