import type { LucideIcon } from 'lucide-react';
import { createElement, type SVGProps } from 'react';

type IconAttributes = Readonly<Record<string, string | undefined>>;

/** Shapes in Lucide's `[tag, attributes]` form: the icons the site's layouts still keep as JSON. */
type IconShapes = readonly (readonly (string | IconAttributes)[])[];

/**
 * The icon to draw: a `lucide-react` icon imported on its own
 * (`import heartIcon from 'lucide-react/icons/heart'`). The JSON shapes are left only until the
 * layouts in `app/layouts` import theirs from `lucide-react` too (decision 029).
 */
export type IconNode = LucideIcon | IconShapes;

export type IconProps = SVGProps<SVGSVGElement> & { node: IconNode };

function shape([tag, attributes]: readonly (string | IconAttributes)[], key: number) {
  // JSON imports are typed loosely; a pair that is not `[tag, attributes]` draws nothing.
  if (typeof tag !== 'string' || typeof attributes !== 'object') return null;
  return createElement(tag, { key, ...attributes });
}

/**
 * Every icon: 24 px outline shapes (Lucide, ISC licence) drawn with the current text colour, a
 * 2 px stroke unless the caller gives `strokeWidth`.
 */
export function Icon({ node, ...props }: IconProps) {
  const drawn = {
    // Decoration unless the caller names the icon (then it is an image with that name).
    'aria-hidden': props['aria-label'] === undefined ? ('true' as const) : undefined,
    focusable: 'false' as const,
    ...props,
  };
  if (!Array.isArray(node)) {
    // Lucide draws the same frame, stroke and shapes (and adds its `lucide lucide-<name>` classes).
    const LucideShape = node as LucideIcon;
    return <LucideShape {...drawn} />;
  }
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
      {...drawn}
    >
      {(node as IconShapes).map(shape)}
    </svg>
  );
}
