import type { ReactNode, SyntheticEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField } from '#client/components/ui/form-field.tsx';

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

/** The account forms' frame: posted, validated by the form itself, fields in a column. */
export function AuthForm({
  onSubmit,
  className = 'flex flex-col gap-4',
  children,
}: {
  /** `handleSubmit(...)` of react-hook-form. */
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => Promise<void>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className={className}>
      {children}
    </form>
  );
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

export function EmailField({
  error,
  ...registered
}: UseFormRegisterReturn & { error: string | undefined }) {
  return (
    <FormField label="Email" type="email" autoComplete="email" error={error} {...registered} />
  );
}

type NewPasswordName = 'newPassword' | 'confirmPassword';

/** "New Password" and its confirmation, for resetting and changing the password. */
export function NewPasswordFields({
  register,
  errors,
}: {
  register: (name: NewPasswordName) => UseFormRegisterReturn;
  errors: Partial<Record<NewPasswordName, { message?: string | undefined }>>;
}) {
  return (
    <>
      <FormField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <FormField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
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
