import { Icon } from '#client/components/ui/icon.tsx';
import userRoundIcon from 'lucide-react/icons/user-round';
import { useEffect, useRef, useState, type ButtonHTMLAttributes } from 'react';
import { useActionData } from 'react-router';
import { toast } from '#client/components/ui/toast.ts';
import type { User } from '#shared/contract/user.ts';
import { accountMessages } from '#shared/messages/account.ts';
import { useAppDispatch } from '#client/lib/hooks.ts';
import { FullScreenSpinner } from '#client/components/ui/spinner.tsx';
import { useUpdateProfileMutation } from './auth-api.ts';
import { setUser } from '#client/lib/session.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { useBrowserValue } from '#client/lib/use-browser-value.ts';
import type { FormOutcome } from './account-action.ts';
import { isProfileDirty, savedProfileValues } from './profile-dirty.ts';

const buttonBase =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

const buttonLooks = {
  plain: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  dark: 'bg-slate-900 text-white hover:bg-slate-700',
};

function ProfileButton({
  look,
  type = 'button',
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  look: keyof typeof buttonLooks;
}) {
  return <button type={type} {...rest} className={`${buttonBase} ${buttonLooks[look]}`} />;
}

const alwaysTrue = () => true;

/**
 * Edits the saved profile `user`; the page remounts it with a new key once a save lands. Before and
 * without scripts the form posts its name to the account page's action (decision 032), which
 * answers with the spec's message and, when refused, the typed name; the avatar needs the scripts.
 */
export function ProfileForm({ user }: { user: User }) {
  const saved = savedProfileValues(user);
  const answer = useActionData<FormOutcome | undefined>();
  const posted = answer?.intent === 'profile' && !answer.toasted ? answer : undefined;
  // A refused name stays as typed; a saved one is the page's saved value.
  const [name, setName] = useState(posted?.done ? saved.name : (posted?.values.name ?? saved.name));
  // The server's answer to a form sent without scripts, until the scripts save again.
  const [postedAnswer, setPostedAnswer] = useState(posted);
  // The spec's rule (Update only once something changed) needs the scripts: before them, the
  // browser's own form must be able to send what was typed.
  const scripted = useBrowserValue(alwaysTrue, false);
  const [avatar, setAvatar] = useState(saved.avatar);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const objectUrl = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A name typed before the scripts ran is in the field, not yet in this state: React adopts the
  // server's markup as it is, and would put the saved name back at its next render.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem('name');
    if (!(field instanceof HTMLInputElement)) return;
    const typed = field.value;
    setName((current) => (typed === current ? current : typed));
  }, []);
  const [updateProfile, { isLoading: isSaving }] = useUpdateProfileMutation();
  const dispatch = useAppDispatch();

  // The preview of a chosen file lives in an object URL that must be given back.
  const releasePreview = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  useEffect(() => releasePreview, []);

  const dirty = isProfileDirty(saved, { name, email: saved.email, avatar });

  const choose = (file: File | undefined) => {
    if (!file) return;
    releasePreview();
    objectUrl.current = URL.createObjectURL(file);
    setAvatarFile(file);
    setAvatar(objectUrl.current);
  };

  const remove = () => {
    releasePreview();
    setAvatarFile(null);
    setAvatar('');
  };

  const cancel = () => {
    releasePreview();
    setAvatarFile(null);
    setAvatar(saved.avatar);
    setName(saved.name);
  };

  const save = async () => {
    setPostedAnswer(undefined);
    const body = new FormData();
    body.append('name', name);
    // A new file, the kept address, or "" to remove the avatar.
    body.append('avatar', avatarFile ?? avatar);
    try {
      const updated = await updateProfile(body).unwrap();
      dispatch(setUser(updated));
      toast.success(accountMessages.profileUpdated);
    } catch {
      toast.error(accountMessages.profileUpdateFailed);
    }
  };

  return (
    <section
      aria-labelledby="profile-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {isSaving ? <FullScreenSpinner label="Saving profile" /> : null}
      <h2 id="profile-heading" className="text-xl font-semibold text-slate-900">
        Profile
      </h2>
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty && !isSaving) void save();
        }}
        className="mt-5 flex flex-col gap-5"
      >
        <input type="hidden" name="intent" value="profile" />
        {postedAnswer?.message ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {postedAnswer.message}
          </p>
        ) : null}
        {postedAnswer?.done ? (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
            {postedAnswer.done}
          </p>
        ) : null}
        <div className="flex flex-col items-center gap-4 sm:flex-row">
          <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-full border border-slate-200 bg-slate-100">
            {avatar ? (
              <img
                src={avatar}
                alt="Avatar preview"
                width={96}
                height={96}
                className="h-full w-full object-cover"
              />
            ) : (
              <Icon
                node={userRoundIcon}
                aria-label="No avatar"
                role="img"
                className="h-12 w-12 text-slate-400"
              />
            )}
          </div>
          <div className="flex gap-3">
            <label
              className={`${buttonBase} cursor-pointer bg-brand-500 text-slate-900 hover:bg-brand-600 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600`}
            >
              Change
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  // Choosing the same file again after Remove must still fire.
                  e.target.value = '';
                }}
              />
            </label>
            <ProfileButton look="plain" onClick={remove} disabled={!avatar}>
              Remove
            </ProfileButton>
          </div>
        </div>
        <FormField
          label="Full Name"
          type="text"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
          }}
        />
        <FormField label="Email" type="email" value={saved.email} readOnly disabled />
        <div className="flex justify-end gap-3">
          <ProfileButton look="plain" onClick={cancel} disabled={!dirty}>
            Cancel
          </ProfileButton>
          <ProfileButton look="dark" type="submit" disabled={scripted && (!dirty || isSaving)}>
            Update
          </ProfileButton>
        </div>
      </form>
    </section>
  );
}
