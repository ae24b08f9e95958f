import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Form, Link } from 'react-router';
import { FormField, ShowPasswordToggle } from '#client/components/ui/form-field.tsx';
import type { FieldBinding } from './use-account-form.ts';

/** The centred card the sign-in, sign-up and password reset pages sit in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex justify-center px-4 py-12 sm:py-20">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg shadow-slate-900/5 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/**
 * The account forms' frame: posted to the page's own address (its route's action, decision 031),
 * validated by the form itself, fields in a column, the form's `message` (a refusal the server drew
 * on the page) above them, and on the cards the full-width `submit` button, busy while the request
 * runs.
 */
export function AuthForm({
  onSubmit,
  className = 'flex flex-col gap-4',
  submit,
  busy = false,
  message,
  done,
  keepsSecretAddress = false,
  children,
}: {
  /** `handleSubmit(...)` of react-hook-form. */
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => Promise<void>;
  className?: string;
  submit?: ReactNode;
  busy?: boolean;
  message?: string | undefined;
  /** What the form's request achieved, said on the page when no toast said it. */
  done?: string | undefined;
  /**
   * The page's address carries a secret (a reset link's token): the form names no address of its
   * own, so the browser posts it to the page's, and the secret is not written into the page again.
   */
  keepsSecretAddress?: boolean;
  children: ReactNode;
}) {
  const content = (
    <>
      {message ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
          {done}
        </p>
      ) : null}
      {children}
      {submit === undefined ? null : <SubmitButton busy={busy}>{submit}</SubmitButton>}
    </>
  );
  // Sent by the router in the browser (the submit handler always prevents the browser's own
  // post), so a plain form posts to the same action as the router's `<Form>` would.
  return keepsSecretAddress ? (
    <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className={className}>
      {content}
    </form>
  ) : (
    <Form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className={className}>
      {content}
    </Form>
  );
}

/**
 * Where to go once signed in, sent with the form: the action reads it (it cannot see the router's
 * `state.from` that names a guarded page) and accepts only a path of this store.
 */
export function RedirectField({ target }: { target: string }) {
  return <input type="hidden" name="redirect" value={target} />;
}

export const authLinkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** The line under a card's form that leads to the other account page. */
export function AuthFooter({ prompt, to, link }: { prompt: string; to: string; link: string }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {prompt}{' '}
      <Link to={to} className={authLinkClass}>
        {link}
      </Link>
    </p>
  );
}

export function EmailField(binding: FieldBinding) {
  return <FormField label="Email" type="email" autoComplete="email" {...binding} />;
}

/**
 * The account's password and its "Show Password" box, which shows it as text while ticked; `beside`
 * shares the box's line.
 */
export function PasswordField({
  autoComplete,
  beside,
  ...binding
}: FieldBinding & { autoComplete: 'current-password' | 'new-password'; beside?: ReactNode }) {
  const [shown, setShown] = useState(false);
  const toggle = <ShowPasswordToggle checked={shown} onChange={setShown} />;
  return (
    <>
      <FormField
        label="Password"
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        {...binding}
      />
      {beside ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {toggle}
          {beside}
        </div>
      ) : (
        toggle
      )}
    </>
  );
}

const NEW_PASSWORD_FIELDS = [
  { name: 'newPassword', label: 'New Password' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
] as const;

/** "New Password" and its confirmation, for resetting and changing the password. */
export function NewPasswordFields({
  field,
}: {
  field: (name: (typeof NEW_PASSWORD_FIELDS)[number]['name']) => FieldBinding;
}) {
  return NEW_PASSWORD_FIELDS.map(({ name, label }) => (
    <FormField
      key={name}
      label={label}
      type="password"
      autoComplete="new-password"
      {...field(name)}
    />
  ));
}

function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {children}
    </button>
  );
}
