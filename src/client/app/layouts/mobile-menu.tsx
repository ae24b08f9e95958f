import { useEffect, useId, useRef, useState, type ToggleEvent } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Icon } from '#client/components/ui/icon.tsx';
import menuIcon from 'lucide-react/icons/menu';
import xIcon from 'lucide-react/icons/x';
import { MobileMenuPanel } from './mobile-menu-panel.tsx';

/** Whether the browser shows `element` as an open popover (false where popovers are unknown). */
function popoverOpen(element: HTMLElement | null): boolean {
  if (!element || typeof element.showPopover !== 'function') return false;
  return element.matches(':popover-open');
}

/**
 * The small-screen navigation; the page behind it cannot scroll while it is open.
 *
 * The panel is a popover the button opens by itself (`popovertarget`): the browser opens and
 * closes it before the scripts have run as after, Escape and a tap outside close it, and its links
 * are plain links in the server's HTML. The app follows the browser's state (`toggle`) instead of
 * holding its own, so a menu opened before the scripts ran is still open, and still the menu, once
 * they have.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // While a page is on its way (its loader running) the menu opens over that page, so its arrival
  // does not close the menu that was opened meanwhile.
  const arriving = useNavigation().location?.pathname;
  const [openedAt, setOpenedAt] = useState(pathname);
  // Going to another page (a link, or the browser's back button) closes the menu.
  const leftPage = open && openedAt !== pathname && openedAt !== arriving;

  // A menu opened before the scripts ran is open in the page, not in the first render's state.
  useEffect(() => {
    if (popoverOpen(panel.current)) setOpen(true);
  }, []);

  useEffect(() => {
    if (leftPage) panel.current?.hidePopover();
  }, [leftPage]);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  const onToggle = (event: ToggleEvent<HTMLDivElement>) => {
    const nowOpen = event.newState === 'open';
    if (nowOpen) setOpenedAt(arriving ?? pathname);
    // Closed by Escape or a tap outside, the browser gives focus back to the button itself.
    setOpen(nowOpen);
  };

  const close = () => {
    if (popoverOpen(panel.current)) panel.current?.hidePopover();
  };

  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls={panelId}
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-ink transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:hidden"
      >
        {open ? (
          <Icon node={xIcon} className="h-6 w-6" />
        ) : (
          <Icon node={menuIcon} className="h-6 w-6" />
        )}
      </button>
      {/* In the top layer while open; placed under the header so the button stays to close it. */}
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        onToggle={onToggle}
        className="fixed inset-x-0 top-16 bottom-0 z-40 m-0 h-auto w-auto max-w-none animate-slide-down overflow-y-auto border-0 border-t border-slate-200 bg-white px-4 py-6 text-ink md:hidden"
      >
        <MobileMenuPanel onNavigate={close} />
      </div>
    </>
  );
}
