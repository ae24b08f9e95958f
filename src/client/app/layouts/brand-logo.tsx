import { Link } from 'react-router';

/** The store's mark and name, linking home. */
export function BrandLogo({
  onNavigate,
  tone = 'dark',
}: {
  onNavigate?: () => void;
  tone?: 'dark' | 'light';
}) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="flex shrink-0 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
    >
      <svg aria-hidden="true" viewBox="0 0 40 40" className="h-9 w-9">
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
        className={`text-lg font-black tracking-tight ${tone === 'dark' ? 'text-ink' : 'text-white'}`}
      >
        Bi-Cycle{' '}
        <span className={tone === 'dark' ? 'text-brand-700' : 'text-brand-400'}>Store</span>
      </span>
    </Link>
  );
}
