import { Fragment } from 'react';
import { Link } from 'react-router';

/**
 * Where a page sits: links to the pages above it, each followed by `separator` (hidden from
 * screen readers), then the page itself.
 */
export function Breadcrumb({
  trail,
  current,
  separator,
  className,
  listClassName,
  currentClassName,
}: {
  trail: readonly { to: string; label: string }[];
  current: string;
  separator: string;
  className: string;
  listClassName: string;
  currentClassName: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className={listClassName}>
        {trail.map(({ to, label }) => (
          <Fragment key={to}>
            <li>
              <Link to={to} className="hover:text-ink hover:underline">
                {label}
              </Link>
            </li>
            <li aria-hidden="true">{separator}</li>
          </Fragment>
        ))}
        <li aria-current="page" className={currentClassName}>
          {current}
        </li>
      </ol>
    </nav>
  );
}
