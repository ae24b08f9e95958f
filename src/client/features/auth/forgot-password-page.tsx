import { useState } from 'react';
import { toast } from 'sonner';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { AuthCard, AuthFooter, AuthForm, EmailField } from './auth-card.tsx';
import { useAccountForm } from './use-account-form.ts';
import { useForgotPasswordMutation } from './password-reset-api.ts';
import { paths } from '#client/lib/paths.ts';

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const { handleSubmit, field } = useAccountForm(forgotPasswordBodySchema, { email: '' });

  const onSubmit = async (values: ForgotPasswordBody) => {
    try {
      const message = await forgotPassword(values).unwrap();
      setAnswer(message);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error) ?? messages.account.forgotPasswordFailed);
    }
  };

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      <AuthForm onSubmit={handleSubmit(onSubmit)} busy={isLoading} submit="Send reset link">
        <EmailField {...field('email')} />
      </AuthForm>
      {answer ? (
        <p role="status" className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {answer}
        </p>
      ) : null}
      <AuthFooter prompt="Remembered it?" to={paths.signIn} link="Sign in" />
    </AuthCard>
  );
}
