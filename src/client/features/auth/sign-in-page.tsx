import { Link, useLocation } from 'react-router';
import { loginBodySchema } from '#shared/contract/auth.ts';
import { paths } from '#client/lib/paths.ts';
import {
  AuthCard,
  AuthFooter,
  AuthForm,
  EmailField,
  PasswordField,
  RedirectField,
} from './auth-card.tsx';
import { useActionForm } from './use-account-form.ts';
import { redirectQuery, redirectTarget } from './redirect-target.ts';

export { signInAction } from './account-actions.ts';

export function SignInPage() {
  const location = useLocation();
  const target = redirectTarget(location.state, location.search);
  const { onSubmit, field, busy, message } = useActionForm(loginBodySchema, {
    email: '',
    password: '',
  });

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to order and follow your orders.">
      <AuthForm onSubmit={onSubmit} busy={busy} message={message} submit="Sign in">
        <RedirectField target={target} />
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
