import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Icon } from '#client/components/ui/icon.tsx';
import menuIcon from 'lucide-react/icons/menu';
import xIcon from 'lucide-react/icons/x';

const MobileMenuPanel = lazy(async () => ({
  default: (await import('./mobile-menu-panel.tsx')).MobileMenuPanel,
}));

/** The small-screen navigation; the page behind it cannot scroll while it is open. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // While a page is on its way (its loader running) the menu opens over that page, so its arrival
  // does not close the menu that was opened meanwhile.
  const arriving = useNavigation().location?.pathname;
  const [openedAt, setOpenedAt] = useState(pathname);
  // Going to another page (a link, or the browser's back button) closes the menu.
  if (open && openedAt !== pathname && openedAt !== arriving) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // Escape from a link in the panel would otherwise leave focus on a hidden element.
      button.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      root.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpenedAt(arriving ?? pathname);
          setEverOpened(true);
          setOpen((o) => !o);
        }}
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-ink transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:hidden"
      >
        {open ? (
          <Icon node={xIcon} className="h-6 w-6" />
        ) : (
          <Icon node={menuIcon} className="h-6 w-6" />
        )}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="fixed inset-x-0 top-16 bottom-0 z-40 animate-slide-down overflow-y-auto border-t border-slate-200 bg-white px-4 py-6 md:hidden"
      >
        {everOpened ? (
          <Suspense fallback={null}>
            <MobileMenuPanel onNavigate={close} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
