import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { AuthCard, SubmitButton } from './auth-card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { useForgotPasswordMutation } from './password-reset-api.ts';
import { paths } from '#client/lib/paths.ts';

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

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
      <form
        method="post"
        noValidate
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        className="flex flex-col gap-4"
      >
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton busy={isLoading}>Send reset link</SubmitButton>
      </form>
      {answer ? (
        <p role="status" className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {answer}
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link
          to={paths.signIn}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
