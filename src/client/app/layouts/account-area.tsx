import { Icon } from '#client/components/ui/icon.tsx';
import circleUserIcon from 'lucide-react/icons/circle-user';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { selectCurrentUser, selectToken } from '#client/lib/session.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { paths } from '#client/lib/paths.ts';

const AvatarMenu = lazy(async () => ({ default: (await import('./avatar-menu.tsx')).AvatarMenu }));

const avatarButton =
  'inline-flex h-10 w-10 cursor-pointer items-center justify-center overflow-hidden rounded-full bg-slate-100 text-ink ring-2 ring-transparent transition hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Sign In when signed out; the avatar menu (loaded on demand) when signed in. */
export function AccountArea() {
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectCurrentUser);
  if (!token || !user) {
    return (
      <Link to={paths.signIn} className={buttonClasses({ size: 'sm', className: 'ml-1' })}>
        Sign In
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <span className={avatarButton} aria-hidden="true">
          <Icon node={circleUserIcon} className="h-6 w-6" />
        </span>
      }
    >
      <AvatarMenu user={user} buttonClassName={avatarButton} />
    </Suspense>
  );
}
