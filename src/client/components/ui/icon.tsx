import type { LucideIcon } from 'lucide-react';
import type { SVGProps } from 'react';

/** An icon from `lucide-react`, imported on its own (`import heartIcon from 'lucide-react/icons/heart'`). */
export type IconNode = LucideIcon;

export type IconProps = SVGProps<SVGSVGElement> & { node: IconNode };

/**
 * Every icon: 24 px outline shapes (Lucide, ISC licence) drawn with the current text colour, a
 * 2 px stroke unless the caller gives `strokeWidth`; decoration unless the caller names it (then it
 * is an image with that name).
 */
export function Icon({ node: Shape, ...props }: IconProps) {
  return (
    <Shape
      aria-hidden={props['aria-label'] === undefined ? 'true' : undefined}
      focusable="false"
      {...props}
    />
  );
}
