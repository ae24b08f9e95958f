import { Link, useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '#shared/contract/auth.ts';
import { accountMessages } from '#shared/messages/account.ts';
import { AuthCard, AuthFooter, AuthForm, authLinkClass, NewPasswordFields } from './auth-card.tsx';
import { useActionForm } from './use-account-form.ts';
import { paths } from '#client/lib/paths.ts';

export { resetPasswordAction } from './account-actions.ts';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { onSubmit, field, busy, message } = useActionForm(resetPasswordFormSchema, {
    newPassword: '',
    confirmPassword: '',
  });

  if (!token) {
    return (
      <AuthCard title="Reset password" subtitle={accountMessages.resetLinkInvalid}>
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
        onSubmit={onSubmit}
        busy={busy}
        message={message}
        keepsSecretAddress
        submit={busy ? 'Resetting...' : 'Reset Password'}
      >
        <NewPasswordFields field={field} />
      </AuthForm>
      <AuthFooter prompt="Link expired?" to={paths.forgotPassword} link="Ask for a new one" />
    </AuthCard>
  );
}
