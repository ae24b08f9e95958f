import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  STOCK_ALERT_MESSAGES,
  stockAlertBodySchema,
  type StockAlertBody,
} from '#shared/contract/mail.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { selectCurrentUser } from '#client/lib/session.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { useCreateStockAlertMutation } from './stock-alerts-api.ts';

/** "Notify me" on a sold-out bicycle or size: one mail when it is back in stock. */
export function NotifyMe({ productId, size }: { productId: string; size?: string | undefined }) {
  const user = useAppSelector(selectCurrentUser);
  const [createAlert, { isLoading }] = useCreateStockAlertMutation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  // No default value: the field starts from what the page holds, so an address typed before the
  // scripts took over the server-rendered page is kept, not wiped.
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<StockAlertBody>({ resolver: zodResolver(stockAlertBodySchema) });
  const email = user?.email;
  // A signed-in rider's address, once the saved session is read, unless they typed another.
  useEffect(() => {
    if (email && !getValues('email')) setValue('email', email);
  }, [email, getValues, setValue]);

  const onSubmit = async ({ email }: StockAlertBody) => {
    try {
      const text = await createAlert({ productId, email, ...(size ? { size } : {}) }).unwrap();
      setAnswer({ ok: true, text });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error) ?? STOCK_ALERT_MESSAGES.failed });
    }
  };

  return (
    <form
      method="post"
      noValidate
      aria-label="Notify me when back in stock"
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <p className="text-sm font-semibold text-ink">
        {size ? `Size ${size} is sold out.` : 'This bicycle is sold out.'} Get one email when it is
        back.
      </p>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" variant="outline" disabled={isLoading}>
        Notify me
      </Button>
      {answer ? (
        <p role="status" className={answer.ok ? 'text-sm text-slate-700' : 'text-sm text-red-700'}>
          {answer.text}
        </p>
      ) : null}
    </form>
  );
}
