import { zodResolver } from '@hookform/resolvers/zod';
import type { SyntheticEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useActionData, useLocation, useNavigation, useSubmit } from 'react-router';
import type { z } from 'zod';
import type { FormOutcome } from './account-action.ts';

/** What a `FormField` needs of one value: its registration and its error. */
export type FieldBinding = UseFormRegisterReturn & {
  error: string | undefined;
  /** What the server gives back of a refused form, in the HTML before any script runs. */
  defaultValue?: string;
};

/** The account forms: react-hook-form checked by the contract's schema, and each value's binding. */
export function useAccountForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  given?: FormOutcome,
) {
  // A refused form's values (from the server's page) start the form, where the HTML has them.
  const initial: DefaultValues<T> = Object.assign({}, defaultValues, given?.values);
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues: initial });
  // Read here, during render, so the form re-renders when a value's error changes.
  const { errors } = form.formState;
  const field = (name: Path<T>): FieldBinding => {
    const kept = given?.values[name];
    return {
      ...form.register(name),
      error:
        get<typeof errors, FieldError | undefined>(errors, name)?.message ??
        given?.fieldErrors?.[name],
      ...(kept !== undefined && { defaultValue: kept }),
    };
  };
  return { handleSubmit: form.handleSubmit, reset: form.reset, field };
}

/**
 * An account form that posts to its route's action (decision 031): without scripts the browser
 * sends it and the server runs the action; with them it is checked here first, then the router
 * runs the same action in the browser. What the action gave back (typed values, messages) fills
 * the form again. On a page with several forms, `intent` names this one (its hidden field): only
 * its own answers and its own sending concern it. `resetAfter` empties it once answered, whatever
 * the answer (the spec's password change).
 */
export function useActionForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  { intent, resetAfter = false }: { intent?: string; resetAfter?: boolean } = {},
) {
  const answer = useActionData<FormOutcome | undefined>();
  const outcome = intent === undefined || answer?.intent === intent ? answer : undefined;
  const submit = useSubmit();
  const navigation = useNavigation();
  const state: unknown = useLocation().state;
  const { handleSubmit, reset, field } = useAccountForm(schema, defaultValues, outcome);
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    // The page's history state (`from`, the guarded page that sent the visitor) stays with it when
    // the form stays on screen, refused, for another try.
    return handleSubmit(async () => {
      await submit(form, { state });
      if (resetAfter) reset(defaultValues);
    })(event);
  };
  const sending =
    navigation.state !== 'idle' &&
    navigation.formMethod?.toUpperCase() === 'POST' &&
    (intent === undefined || navigation.formData?.get('intent') === intent);
  return {
    onSubmit,
    field,
    busy: sending,
    /** Said on the page when no toast said it (a page drawn by the server). */
    message: outcome && !outcome.toasted ? outcome.message : undefined,
    done: outcome && !outcome.toasted ? outcome.done : undefined,
  };
}
