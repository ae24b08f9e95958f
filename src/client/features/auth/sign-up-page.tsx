import { useLocation } from 'react-router';
import { registerBodySchema } from '#shared/contract/auth.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
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

export { signUpAction } from './account-actions.ts';

export function SignUpPage() {
  const location = useLocation();
  // Back to the page that sent the visitor to sign in (the cart, the checkout page), if any.
  const target = redirectTarget(location.state, location.search);
  const { onSubmit, field, busy, message } = useActionForm(registerBodySchema, {
    name: '',
    email: '',
    password: '',
  });

  return (
    <AuthCard title="Sign Up" subtitle="Create an account to order your next bicycle.">
      <AuthForm onSubmit={onSubmit} busy={busy} message={message} submit="Sign up">
        <RedirectField target={target} />
        <FormField label="Full Name" type="text" autoComplete="name" {...field('name')} />
        <EmailField {...field('email')} />
        <PasswordField autoComplete="new-password" {...field('password')} />
      </AuthForm>
      <AuthFooter
        prompt="Already have an account?"
        to={`${paths.signIn}${redirectQuery(target)}`}
        link="Sign in"
      />
    </AuthCard>
  );
}
