import { forgotPasswordBodySchema } from '#shared/contract/auth.ts';
import { paths } from '#client/lib/paths.ts';
import { AuthCard, AuthFooter, AuthForm, EmailField } from './auth-card.tsx';
import { useActionForm } from './use-account-form.ts';

export { forgotPasswordAction } from './account-actions.ts';

export function ForgotPasswordPage() {
  const { onSubmit, field, busy, message, done } = useActionForm(forgotPasswordBodySchema, {
    email: '',
  });

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      <AuthForm onSubmit={onSubmit} busy={busy} message={message} submit="Send reset link">
        <EmailField {...field('email')} />
      </AuthForm>
      {done ? (
        <p role="status" className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {done}
        </p>
      ) : null}
      <AuthFooter prompt="Remembered it?" to={paths.signIn} link="Sign in" />
    </AuthCard>
  );
}
