import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { loginBodySchema, type LoginBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { useLoginMutation } from './auth-api.ts';
import { AuthCard, AuthFooter, AuthForm, EmailField, SubmitButton } from './auth-card.tsx';
import { useStartSession } from './start-session.ts';
import { FormField, ShowPasswordToggle } from '#client/components/ui/form-field.tsx';
import { redirectTarget } from './redirect-target.ts';
import { paths } from '#client/lib/paths.ts';

export function SignInPage() {
  const [login, { isLoading }] = useLoginMutation();
  const [showPassword, setShowPassword] = useState(false);
  const startSession = useStartSession();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginBody) => {
    try {
      startSession(await login(values).unwrap());
      toast.success(messages.account.loginSuccess);
      await navigate(redirectTarget(location.state), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error) ?? messages.account.loginFailed);
    }
  };

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to order and follow your orders.">
      <AuthForm onSubmit={handleSubmit(onSubmit)}>
        <EmailField error={errors.email?.message} {...register('email')} />
        <FormField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
          <Link
            to={paths.forgotPassword}
            className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <SubmitButton busy={isLoading}>Sign in</SubmitButton>
      </AuthForm>
      <AuthFooter prompt="Don't have an account?" to={paths.signUp} link="Sign up" />
    </AuthCard>
  );
}
