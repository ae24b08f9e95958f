import { createElement, type SVGProps } from 'react';

type IconAttributes = Readonly<Record<string, string | undefined>>;

/**
 * One icon's shapes as Lucide publishes them: `[tag, attributes]` pairs, kept as data in
 * `icons/<name>.json` (one file per icon, so each page only carries the icons it shows).
 */
export type IconNode = readonly (readonly (string | IconAttributes)[])[];

export type IconProps = SVGProps<SVGSVGElement> & { node: IconNode };

function shape([tag, attributes]: readonly (string | IconAttributes)[], key: number) {
  // JSON imports are typed loosely; a pair that is not `[tag, attributes]` draws nothing.
  if (typeof tag !== 'string' || typeof attributes !== 'object') return null;
  return createElement(tag, { key, ...attributes });
}

/**
 * Every icon: 24 px outline shapes drawn with the current text colour. The shapes come from
 * Lucide (ISC licence).
 */
export function Icon({ node, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      // Decoration unless the caller names the icon (then it is an image with that name).
      aria-hidden={props['aria-label'] === undefined ? 'true' : undefined}
      focusable="false"
      {...props}
    >
      {node.map(shape)}
    </svg>
  );
}
