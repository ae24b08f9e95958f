import { useLocation, useMatches } from 'react-router';
import { useSiteOrigin } from '#client/features/products/site-origin.ts';
import { paths } from '#client/lib/paths.ts';
import { pageHead } from '../route-data.ts';

const DEFAULT_IMAGE = '/hero/hero-road-1600.webp';

/**
 * The page's title, description, canonical address and share tags, from the deepest matched
 * route's loader. React 19 hoists them into the document's head, on the server and on each
 * navigation in the browser.
 */
export function RouteHead() {
  const head = pageHead(useMatches());
  const { pathname, search } = useLocation();
  const origin = useSiteOrigin();
  if (!head) return null;
  const image = head.image ?? DEFAULT_IMAGE;
  // A filtered shop is a page of its own; elsewhere the query adds nothing.
  const canonical = head.missing
    ? undefined
    : `${origin}${pathname}${pathname === paths.shop ? search : ''}`;
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {canonical && <link rel="canonical" href={canonical} />}
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:type" content={head.type ?? 'website'} />
      <meta property="og:image" content={/^https?:\/\//.test(image) ? image : origin + image} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
