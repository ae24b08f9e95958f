import { Icon } from '#client/components/ui/icon.tsx';
import clockIcon from 'lucide-react/icons/clock';
import mailIcon from 'lucide-react/icons/mail';
import mapPinIcon from 'lucide-react/icons/map-pin';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo.tsx';
import { NAV_LINKS } from './nav-links.ts';
import { SocialIcon, type SocialNetwork } from './social-icons.tsx';

const SOCIAL: { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'facebook', label: 'Bi-Cycle Store on Facebook', href: 'https://www.facebook.com/' },
  {
    network: 'instagram',
    label: 'Bi-Cycle Store on Instagram',
    href: 'https://www.instagram.com/',
  },
  { network: 'x', label: 'Bi-Cycle Store on X', href: 'https://x.com/' },
  { network: 'youtube', label: 'Bi-Cycle Store on YouTube', href: 'https://www.youtube.com/' },
];

const heading = 'text-sm font-bold tracking-[0.15em] text-white uppercase';

export function SiteFooter() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.3fr_1.3fr]">
        <div className="space-y-4">
          <BrandLogo tone="light" />
          <p className="max-w-xs text-sm leading-relaxed">
            Bicycles for every road, trail and school run, chosen by riders and delivered to your
            door.
          </p>
          <ul className="flex gap-2">
            {SOCIAL.map((s) => (
              <li key={s.network}>
                <a
                  href={s.href}
                  aria-label={s.label}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-brand-500 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
                >
                  <SocialIcon network={s.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className={heading}>Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="transition hover:text-brand-400">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Support</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-3">
              <Icon node={mailIcon} className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" />
              <a
                href="mailto:support@bicycle-store.com"
                className="break-all transition hover:text-brand-400"
              >
                support@bicycle-store.com
              </a>
            </li>
            <li className="flex gap-3">
              <Icon node={mapPinIcon} className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" />
              <address className="not-italic">
                Headquarters: 221 Spoke Street, Portland, OR 97209
              </address>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>Opening Hours</h2>
          <p className="mt-4 flex gap-3 text-sm leading-relaxed">
            <Icon node={clockIcon} className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" />
            <span>Customer service hours: 8:00 AM to 18:00, closed Saturday and Sunday</span>
          </p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-400">
          © {new Date().getFullYear()} Bi-Cycle Store. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
