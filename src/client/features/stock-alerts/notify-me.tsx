import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useAppSelector } from '#client/lib/hooks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { selectCurrentUser } from '#client/lib/session.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { stockAlertsMessages } from '#shared/messages/stock-alerts.ts';
import { useCreateStockAlertMutation } from './stock-alerts-api.ts';

const CHECK_INBOX = stockAlertsMessages.checkInbox;

type Check = typeof import('./notify-me-check.ts');
let check: Promise<Check> | undefined;
/** The address check (zod) loads when the shopper reaches for the form, not with the page. */
function loadCheck(): Promise<Check> {
  check ??= import('./notify-me-check.ts');
  return check;
}

function emailField(form: HTMLFormElement | null): HTMLInputElement | undefined {
  const input = form?.elements.namedItem('email');
  return input instanceof HTMLInputElement ? input : undefined;
}

/**
 * "Notify me" on a sold-out bicycle or size: one mail when it is back in stock. A signed-in
 * rider's own address is taken at once; any other is confirmed from a mail first.
 */
export function NotifyMe({ productId, size }: { productId: string; size?: string | undefined }) {
  const user = useAppSelector(selectCurrentUser);
  const [createAlert, { isLoading }] = useCreateStockAlertMutation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [error, setError] = useState<string>();
  // After a refused send, the message follows what is typed.
  const [checked, setChecked] = useState(false);
  // Uncontrolled: the field starts from what the page holds, so an address typed before the
  // scripts took over the server-rendered page is kept, not wiped.
  const form = useRef<HTMLFormElement>(null);
  const email = user?.email;
  // A signed-in rider's address, once the saved session is read, unless they typed another.
  useEffect(() => {
    const input = emailField(form.current);
    if (email && input && !input.value) input.value = email;
  }, [email]);

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const { checkAlertEmail, ALERT_FAILED } = await loadCheck();
    const result = checkAlertEmail(emailField(form.current)?.value ?? '');
    setChecked(true);
    if (!result.ok) {
      setError(result.message);
      emailField(form.current)?.focus();
      return;
    }
    setError(undefined);
    try {
      const { message, awaitsConfirmation } = await createAlert({
        productId,
        email: result.email,
        ...(size ? { size } : {}),
      }).unwrap();
      // Someone else's address (or a visitor's) must be confirmed from the mail first.
      setAnswer({ ok: true, text: awaitsConfirmation ? CHECK_INBOX : message });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error) ?? ALERT_FAILED });
    }
  };

  return (
    <form
      ref={form}
      method="post"
      noValidate
      aria-label="Notify me when back in stock"
      onSubmit={(e) => void onSubmit(e)}
      onFocus={() => void loadCheck()}
      onPointerEnter={() => void loadCheck()}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <p className="text-sm font-semibold text-ink">
        {size ? `Size ${size} is sold out.` : 'This bicycle is sold out.'} Get one email when it is
        back.
      </p>
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        error={error}
        onChange={(e) => {
          if (!checked) return;
          const value = e.target.value;
          void loadCheck().then(({ checkAlertEmail }) => {
            const result = checkAlertEmail(value);
            setError(result.ok ? undefined : result.message);
          });
        }}
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
