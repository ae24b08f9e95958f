import { Spinner } from '#client/components/ui/spinner.tsx';
import { AddressBook } from '#client/features/addresses/address-book.tsx';
import { useGetMeQuery } from './auth-api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

export { accountAction } from './account-actions.ts';

export function ProfilePage() {
  const { data: user, isLoading, isError, refetch } = useGetMeQuery(undefined);

  return (
    <main>
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">Account Preferences</h1>
        <p className="mt-1 text-slate-600">Manage your profile, password and addresses.</p>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          {isLoading ? (
            <div className="flex min-h-64 items-center justify-center rounded-2xl border border-slate-200 bg-white">
              <Spinner label="Loading profile" className="text-slate-700" />
            </div>
          ) : user ? (
            // A saved change gives a new updatedAt, so the form starts again from the saved values.
            <ProfileForm key={`${user._id}-${user.updatedAt}`} user={user} />
          ) : (
            <div className="rounded-2xl border border-slate-200 bg-white p-6" role="alert">
              <p className="text-slate-700">Your profile could not be loaded.</p>
              {isError ? (
                <button
                  type="button"
                  onClick={() => void refetch()}
                  className="mt-3 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold"
                >
                  Try again
                </button>
              ) : null}
            </div>
          )}
          <ChangePasswordForm />
          <AddressBook />
        </div>
      </div>
    </main>
  );
}
