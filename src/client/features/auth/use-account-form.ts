import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/** What a `FormField` needs of one value: its registration and its error. */
export type FieldBinding = UseFormRegisterReturn & { error: string | undefined };

/** The account forms: react-hook-form checked by the contract's schema, and each value's binding. */
export function useAccountForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  // Read here, during render, so the form re-renders when a value's error changes.
  const { errors } = form.formState;
  const field = (name: Path<T>): FieldBinding => ({
    ...form.register(name),
    error: get<typeof errors, FieldError | undefined>(errors, name)?.message,
  });
  return { handleSubmit: form.handleSubmit, reset: form.reset, field };
}
