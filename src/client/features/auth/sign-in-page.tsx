import { Link, useLocation } from 'react-router';
import { loginBodySchema, type LoginBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { useLoginMutation } from './auth-api.ts';
import { AuthCard, AuthFooter, AuthForm, EmailField, PasswordField } from './auth-card.tsx';
import { useAccountForm } from './use-account-form.ts';
import { useOpenSession } from './start-session.ts';
import { redirectQuery, redirectTarget } from './redirect-target.ts';
import { paths } from '#client/lib/paths.ts';

export function SignInPage() {
  const [login, { isLoading }] = useLoginMutation();
  const openSession = useOpenSession({
    success: messages.account.loginSuccess,
    failure: messages.account.loginFailed,
  });
  const location = useLocation();
  const target = redirectTarget(location.state, location.search);
  const { handleSubmit, field } = useAccountForm(loginBodySchema, { email: '', password: '' });

  const onSubmit = (values: LoginBody) => openSession(login(values).unwrap(), target);

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to order and follow your orders.">
      <AuthForm onSubmit={handleSubmit(onSubmit)} busy={isLoading} submit="Sign in">
        <EmailField {...field('email')} />
        <PasswordField
          autoComplete="current-password"
          {...field('password')}
          beside={
            <Link
              to={paths.forgotPassword}
              className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              Forgot password?
            </Link>
          }
        />
      </AuthForm>
      <AuthFooter
        prompt="Don't have an account?"
        to={`${paths.signUp}${redirectQuery(target)}`}
        link="Sign up"
      />
    </AuthCard>
  );
}
