import type { ComponentType, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Any of the icons, for lists that carry one per entry. */
export type IconComponent = ComponentType<IconProps>;

/**
 * The frame of every icon: 24 px outline shapes drawn with the current text colour. The shapes
 * come from Lucide (ISC licence), one file per icon so each page only carries the icons it shows.
 */
export function Svg({ children, ...props }: IconProps) {
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
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
