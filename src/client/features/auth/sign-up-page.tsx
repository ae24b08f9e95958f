import { useLocation } from 'react-router';
import { registerBodySchema, type RegisterBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { paths } from '#client/lib/paths.ts';
import { useRegisterMutation } from './auth-api.ts';
import { AuthCard, AuthFooter, AuthForm, EmailField, PasswordField } from './auth-card.tsx';
import { useOpenSession } from './start-session.ts';
import { useAccountForm } from './use-account-form.ts';
import { redirectQuery, redirectTarget } from './redirect-target.ts';

export function SignUpPage() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const openSession = useOpenSession({
    success: messages.account.signupSuccess,
    failure: messages.account.signupFailed,
  });
  const location = useLocation();
  // Back to the page that sent the visitor to sign in (the cart, the checkout page), if any.
  const target = redirectTarget(location.state, location.search);
  const { handleSubmit, field } = useAccountForm(registerBodySchema, {
    name: '',
    email: '',
    password: '',
  });

  const onSubmit = (values: RegisterBody) => openSession(registerUser(values).unwrap(), target);

  return (
    <AuthCard title="Sign Up" subtitle="Create an account to order your next bicycle.">
      <AuthForm onSubmit={handleSubmit(onSubmit)} busy={isLoading} submit="Sign up">
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
