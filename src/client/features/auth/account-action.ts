import { data, redirect, replace } from 'react-router';
import { toast } from '#client/components/ui/toast.ts';
import type { z } from 'zod';
import type { Session } from '#shared/contract/auth.ts';
import { pageFormsMessages } from '#shared/messages/page-forms.ts';
import { api, errorMessage, errorStatus, fieldErrors } from '#client/lib/api.ts';
import type { AppDispatch } from '#client/lib/hooks.ts';
import { paths } from '#client/lib/paths.ts';
import { setCredentials } from '#client/lib/session.ts';
import { redirectQuery, storePath } from './redirect-target.ts';

/** The store an action works on, and whether it runs on the server (for a form sent without scripts). */
export interface ActionStore {
  dispatch: AppDispatch;
  onServer: boolean;
  /** On the server: the visitor's page session was found (decision 032). */
  signedIn?: boolean;
}

/** What an account form's action answers when the form stays on screen: its messages. */
export interface FormOutcome {
  /** The server's refusal or the form's failure text, for the whole form. */
  message?: string;
  /** A message per field, by the field's name. */
  fieldErrors?: Record<string, string>;
  /** What was typed, to put back in the form: never a password. */
  values: Record<string, string>;
  /** The message went out as a toast (in the browser): the page does not say it twice. */
  toasted?: boolean;
  /** The request went through: the page shows this answer (the reset link's "on its way"). */
  done?: string;
  /** Which of a page's forms this answers (the profile page has two). */
  intent?: string;
}

/** The form's named text fields (a missing one is empty), or undefined when it cannot be read. */
async function readFields<K extends string>(
  request: Request,
  names: readonly K[],
): Promise<Record<K, string> | undefined> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return undefined;
  }
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    fields[name] = typeof value === 'string' ? value : '';
  }
  return fields;
}

function keep<K extends string>(fields: Record<K, string>, kept: readonly K[]) {
  return Object.fromEntries(kept.map((name) => [name, fields[name]]));
}

function firstIssues(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in out)) out[name] = issue.message;
  }
  return out;
}

/** A form the API refused: its status (a network failure reads as a bad gateway). */
function refusalStatus(error: unknown): number {
  const status = errorStatus(error);
  return typeof status === 'number' && status >= 400 ? status : 502;
}

/** An account form's fields, its checks and its API call. */
export interface AccountForm<K extends string, B> {
  fields: readonly K[];
  /** The fields given back on a refusal; passwords are never among them. */
  kept: readonly K[];
  schema: z.ZodType<B>;
  failure: string;
  /** Which of the page's forms this is: its hidden `intent` field, given back with the answer. */
  intent?: string;
  /** The spec gives this form one failure text whatever the server said (the profile). */
  failureOnly?: boolean;
}

type Checked<B> =
  | { body: B; fields: Record<string, string>; values: Record<string, string> }
  | { refusal: ReturnType<typeof data<FormOutcome>> };

/** Reads and checks the form: the spec's field messages (400) when it does not pass. */
async function check<K extends string, B>(
  request: Request,
  form: AccountForm<K, B>,
): Promise<Checked<B>> {
  const fields = await readFields(request, [...form.fields, 'redirect']);
  const intent = form.intent === undefined ? {} : { intent: form.intent };
  if (!fields) {
    return {
      refusal: data({ message: pageFormsMessages.unreadable, values: {}, ...intent }, 400),
    };
  }
  const values = keep(fields, form.kept);
  const parsed = form.schema.safeParse(fields);
  if (!parsed.success) {
    return { refusal: data({ fieldErrors: firstIssues(parsed.error), values, ...intent }, 400) };
  }
  return { body: parsed.data, fields, values };
}

/** The API's refusal on the page: a toast in the browser, the form's message on the server. */
function refused<K extends string, B>(
  error: unknown,
  values: Record<string, string>,
  form: AccountForm<K, B>,
  onServer: boolean,
) {
  const message = form.failureOnly ? form.failure : (errorMessage(error) ?? form.failure);
  if (!onServer) toast.error(message);
  const outcome: FormOutcome = {
    message,
    ...(!form.failureOnly && { fieldErrors: fieldErrors(error) }),
    values,
    ...(form.intent !== undefined && { intent: form.intent }),
  };
  return data(onServer ? outcome : { ...outcome, toasted: true }, refusalStatus(error));
}

/**
 * Signing in and signing up, as route actions: the form is checked with the contract's schema,
 * the API opens the session, and the visitor goes on to the page that asked (a path of this store
 * only), replacing history. In the browser the session goes into the store with the spec's toast;
 * on the server the API's session cookie travels with the redirect (decision 031).
 */
export async function openSession<K extends string, B>(
  request: Request,
  { dispatch, onServer }: ActionStore,
  form: AccountForm<K, B> & {
    call: (dispatch: AppDispatch, body: B) => Promise<Session>;
    success: string;
  },
) {
  const checked = await check(request, form);
  if ('refusal' in checked) return checked.refusal;
  const { body, fields, values } = checked;
  const target =
    storePath(fields.redirect) ??
    storePath(new URL(request.url).searchParams.get('redirect')) ??
    paths.home;
  let session: Session;
  try {
    session = await form.call(dispatch, body);
  } catch (error) {
    return refused(error, values, form, onServer);
  }
  if (onServer) return redirect(target, 303);
  // Nothing cached for an earlier visitor is shown to this one.
  dispatch(api.util.resetApiState());
  dispatch(setCredentials({ user: session.user, token: session.accessToken }));
  toast.success(form.success);
  return replace(target);
}

/**
 * A form whose request answers with a message: the page shows it (the reset link's "on its way",
 * a changed password), or, with `next`, the visitor goes on there (a reset password, to sign in).
 */
export async function sendRequest<K extends string, B>(
  request: Request,
  { dispatch, onServer }: ActionStore,
  form: AccountForm<K, B> & {
    call: (dispatch: AppDispatch, body: B) => Promise<string>;
    next?: string;
    /** In the browser the spec's toast alone says it went through (the account page's forms). */
    toastOnly?: boolean;
  },
) {
  const checked = await check(request, form);
  if ('refusal' in checked) return checked.refusal;
  let done: string;
  try {
    done = await form.call(dispatch, checked.body);
  } catch (error) {
    return refused(error, checked.values, form, onServer);
  }
  if (!onServer) toast.success(done);
  if (form.next !== undefined) return onServer ? redirect(form.next, 303) : replace(form.next);
  return {
    done,
    values: checked.values,
    ...(form.intent !== undefined && { intent: form.intent }),
    ...(form.toastOnly && !onServer && { toasted: true }),
  } satisfies FormOutcome;
}

/**
 * A form of one shopper's account posted without a session the server can see (none, or one that
 * has ended): the visitor signs in and comes back to the page (decision 032). In the browser the
 * page's guard has already seen the session.
 */
export function signInFirst(request: Request, { onServer, signedIn }: ActionStore) {
  if (!onServer || signedIn) return undefined;
  const { pathname, search } = new URL(request.url);
  return redirect(`${paths.signIn}${redirectQuery(`${pathname}${search}`)}`, 303);
}

/** The `intent` field of a page with several forms, read from a copy of the request. */
export async function formIntent(request: Request): Promise<string> {
  try {
    const intent = (await request.clone().formData()).get('intent');
    return typeof intent === 'string' ? intent : '';
  } catch {
    return '';
  }
}
