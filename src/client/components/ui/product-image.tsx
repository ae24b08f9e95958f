import { Icon } from './icon.tsx';
import bikeIcon from 'lucide-react/icons/bike';
import { cx } from './class-names.ts';

const SIZES = { thumb: [480, 360], large: [1200, 900] } as const;

/**
 * A 4:3 product picture with its size reserved, so nothing shifts while it loads, and a drawn
 * bicycle where there is no picture. `className` sets the width (and any rounding); an empty `alt`
 * marks the picture as decoration beside a name that is already there.
 */
export function ProductImage({
  src,
  alt,
  size = 'thumb',
  eager = false,
  fit = 'cover',
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size?: 'thumb' | 'large';
  eager?: boolean;
  fit?: 'cover' | 'contain';
  className?: string | undefined;
}) {
  const box = cx('aspect-[4/3] bg-slate-100', className);
  if (!src) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cx('flex items-center justify-center text-slate-400', box)}
      >
        <Icon node={bikeIcon} className="h-1/3 w-1/3" strokeWidth={1.25} />
      </div>
    );
  }
  const [width, height] = SIZES[size];
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={cx(fit === 'contain' ? 'object-contain' : 'object-cover', box)}
    />
  );
}

/** A listed product's small picture (its thumbnail when it has one), named by brand and name. */
export function ProductThumbnail({
  product,
  className,
}: {
  product: {
    thumbnailUrl?: string | null | undefined;
    imageUrl: string | null | undefined;
    brand: string;
    name: string;
  };
  className: string;
}) {
  return (
    <ProductImage
      src={product.thumbnailUrl ?? product.imageUrl}
      alt={`${product.brand} ${product.name}`}
      className={className}
    />
  );
}
