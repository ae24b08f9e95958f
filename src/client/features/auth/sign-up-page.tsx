import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { registerBodySchema, type RegisterBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { useRegisterMutation } from './auth-api.ts';
import { AuthCard, AuthFooter, AuthForm, EmailField, SubmitButton } from './auth-card.tsx';
import { useStartSession } from './start-session.ts';
import { FormField, ShowPasswordToggle } from '#client/components/ui/form-field.tsx';
import { paths } from '#client/lib/paths.ts';

export function SignUpPage() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const [showPassword, setShowPassword] = useState(false);
  const startSession = useStartSession();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = async (values: RegisterBody) => {
    try {
      startSession(await registerUser(values).unwrap());
      toast.success(messages.account.signupSuccess);
      await navigate(paths.home, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error) ?? messages.account.signupFailed);
    }
  };

  return (
    <AuthCard title="Sign Up" subtitle="Create an account to order your next bicycle.">
      <AuthForm onSubmit={handleSubmit(onSubmit)}>
        <FormField
          label="Full Name"
          type="text"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
        <FormField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
        <SubmitButton busy={isLoading}>Sign up</SubmitButton>
      </AuthForm>
      <AuthFooter prompt="Already have an account?" to={paths.signIn} link="Sign in" />
    </AuthCard>
  );
}
