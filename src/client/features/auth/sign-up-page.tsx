import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { registerBodySchema, type RegisterBody } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { useAppDispatch } from '#client/lib/hooks.ts';
import { api, errorMessage } from '#client/lib/api.ts';
import { useRegisterMutation } from './auth-api.ts';
import { AuthCard, SubmitButton } from './auth-card.tsx';
import { setCredentials } from '#client/lib/session.ts';
import { FormField, ShowPasswordToggle } from '#client/components/ui/form-field.tsx';
import { paths } from '#client/lib/paths.ts';

export function SignUpPage() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const [showPassword, setShowPassword] = useState(false);
  const dispatch = useAppDispatch();
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
      const session = await registerUser(values).unwrap();
      dispatch(api.util.resetApiState());
      dispatch(setCredentials({ user: session.user, token: session.accessToken }));
      toast.success(messages.account.signupSuccess);
      await navigate(paths.home, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error) ?? messages.account.signupFailed);
    }
  };

  return (
    <AuthCard title="Sign Up" subtitle="Create an account to order your next bicycle.">
      <form
        method="post"
        noValidate
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        className="flex flex-col gap-4"
      >
        <FormField
          label="Full Name"
          type="text"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
        <SubmitButton busy={isLoading}>Sign up</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
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
