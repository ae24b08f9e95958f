import {
  changePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '#shared/contract/auth.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { AuthForm, NewPasswordFields } from './auth-card.tsx';
import { useActionForm } from './use-account-form.ts';

const empty: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Posts to the account page's action (decision 032), before and without scripts too; the form is
 * emptied once answered, as the spec asks, and a password is never given back.
 */
export function ChangePasswordForm() {
  const { onSubmit, field, busy, message, done } = useActionForm(changePasswordFormSchema, empty, {
    intent: 'password',
    resetAfter: true,
  });

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="change-password-heading" className="text-xl font-semibold text-slate-900">
        Change Password
      </h2>
      <AuthForm
        onSubmit={onSubmit}
        message={message}
        done={done}
        className="mt-5 flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="password" />
        <FormField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <NewPasswordFields field={field} />
        <button
          type="submit"
          disabled={busy}
          className="mt-1 inline-flex items-center justify-center rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {busy ? 'Changing...' : 'Change Password'}
        </button>
      </AuthForm>
    </section>
  );
}
