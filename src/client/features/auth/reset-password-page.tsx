import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordFormSchema, type ResetPasswordForm } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { AuthCard, AuthFooter, AuthForm, authLinkClass, NewPasswordFields } from './auth-card.tsx';
import { useAccountForm } from './use-account-form.ts';
import { useResetPasswordMutation } from './password-reset-api.ts';
import { paths } from '#client/lib/paths.ts';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();
  const { handleSubmit, field } = useAccountForm(resetPasswordFormSchema, {
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = async (values: ResetPasswordForm) => {
    try {
      const message = await resetPassword({ token, newPassword: values.newPassword }).unwrap();
      toast.success(message);
      await navigate(paths.signIn, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error) ?? messages.account.passwordResetFailed);
    }
  };

  if (!token) {
    return (
      <AuthCard title="Reset password" subtitle={messages.account.resetLinkInvalid}>
        <p className="text-center text-sm text-slate-600">
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account.">
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        busy={isLoading}
        submit={isLoading ? 'Resetting...' : 'Reset Password'}
      >
        <NewPasswordFields field={field} />
      </AuthForm>
      <AuthFooter prompt="Link expired?" to={paths.forgotPassword} link="Ask for a new one" />
    </AuthCard>
  );
}
