import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { loginBodySchema, type LoginBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { useAppDispatch } from '#client/lib/hooks.ts';
import { api, errorMessage } from '#client/lib/api.ts';
import { useLoginMutation } from './auth-api.ts';
import { AuthCard, SubmitButton } from './auth-card.tsx';
import { setCredentials } from '#client/lib/session.ts';
import { FormField, ShowPasswordToggle } from '#client/components/ui/form-field.tsx';
import { redirectTarget } from './redirect-target.ts';
import { paths } from '#client/lib/paths.ts';

export function SignInPage() {
  const [login, { isLoading }] = useLoginMutation();
  const [showPassword, setShowPassword] = useState(false);
  const dispatch = useAppDispatch();
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
      const session = await login(values).unwrap();
      // Nothing cached for an earlier visitor may show to this one.
      dispatch(api.util.resetApiState());
      dispatch(setCredentials({ user: session.user, token: session.accessToken }));
      toast.success(messages.account.loginSuccess);
      await navigate(redirectTarget(location.state), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error) ?? messages.account.loginFailed);
    }
  };

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to order and follow your orders.">
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
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link
          to={paths.signUp}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
