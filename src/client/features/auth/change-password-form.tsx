import { toast } from 'sonner';
import {
  changePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { useChangePasswordMutation } from './auth-api.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { AuthForm, NewPasswordFields } from './auth-card.tsx';
import { useAccountForm } from './use-account-form.ts';

const empty: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { handleSubmit, reset, field } = useAccountForm(changePasswordFormSchema, empty);

  const onSubmit = async (values: ChangePasswordValues) => {
    try {
      await changePassword({
        oldPassword: values.currentPassword,
        newPassword: values.newPassword,
      }).unwrap();
      toast.success(messages.account.passwordChanged);
    } catch (error) {
      toast.error(errorMessage(error) ?? messages.account.passwordChangeFailed);
    } finally {
      reset(empty);
    }
  };

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="change-password-heading" className="text-xl font-semibold text-slate-900">
        Change Password
      </h2>
      <AuthForm onSubmit={handleSubmit(onSubmit)} className="mt-5 flex flex-col gap-4">
        <FormField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <NewPasswordFields field={field} />
        <button
          type="submit"
          disabled={isLoading}
          className="mt-1 inline-flex items-center justify-center rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {isLoading ? 'Changing...' : 'Change Password'}
        </button>
      </AuthForm>
    </section>
  );
}
