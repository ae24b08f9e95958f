import { Bike } from '../../../components/ui/icons/bike.tsx';
import { cx } from '../../../components/ui/class-names.ts';

/** A 4:3 product picture with its size reserved, so nothing shifts while it loads. */
export function ProductImage({
  src,
  alt,
  size,
  eager = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size: 'thumb' | 'large';
  eager?: boolean;
  className?: string;
}) {
  const [width, height] = size === 'thumb' ? [480, 360] : [1200, 900];
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cx(
          'flex aspect-[4/3] w-full items-center justify-center bg-slate-100 text-slate-400',
          className,
        )}
      >
        <Bike aria-hidden="true" className="h-1/3 w-1/3" strokeWidth={1.25} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={cx('aspect-[4/3] w-full bg-slate-100 object-cover', className)}
    />
  );
}
