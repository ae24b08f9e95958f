import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';

/**
 * The store's mark and name, linking home. Where the row is short of room (a 360 px phone with
 * its header buttons) the name takes two lines instead of pushing the buttons off the screen.
 */
export function BrandLogo({
  onNavigate,
  tone = 'dark',
}: {
  onNavigate?: () => void;
  tone?: 'dark' | 'light';
}) {
  return (
    <Link
      to={paths.home}
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
    >
      <svg aria-hidden="true" viewBox="0 0 40 40" className="h-9 w-9 shrink-0">
        <rect width="40" height="40" rx="12" fill="#f59e0b" />
        <g
          fill="none"
          stroke="#0f172a"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="11" cy="25" r="6" />
          <circle cx="29" cy="25" r="6" />
          <path d="M11 25l6-10h9l3 10M17 15l4 10h-10M24 11h4" />
        </g>
      </svg>
      <span
        className={`text-lg leading-tight font-black tracking-tight ${tone === 'dark' ? 'text-ink' : 'text-white'}`}
      >
        <span className="whitespace-nowrap">Bi-Cycle</span>{' '}
        <span className={tone === 'dark' ? 'text-brand-700' : 'text-brand-400'}>Store</span>
      </span>
    </Link>
  );
}
