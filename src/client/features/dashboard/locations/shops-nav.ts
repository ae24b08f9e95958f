import type { IconNode } from '#client/components/ui/icon.tsx';
import mapPinIcon from 'lucide-react/icons/map-pin';
import { paths } from '#client/lib/paths.ts';

/** The dashboard's section for the shops, below `/dashboard`. */
export const SHOPS_SECTION = 'shops';

/** The sidebar's entry for the shops. */
export const shopsNavEntry: { to: string; label: string; icon: IconNode } = {
  to: `${paths.dashboard.home}/${SHOPS_SECTION}`,
  label: 'Shops',
  icon: mapPinIcon,
};
