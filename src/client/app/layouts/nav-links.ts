import { paths } from '#client/lib/paths.ts';
/** The store front's main navigation, shared by the header, the mobile menu and the footer. */
export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.shop, label: 'Shop' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
] as const;
