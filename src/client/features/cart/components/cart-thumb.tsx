import { Bike } from '../../../components/ui/icons/bike.tsx';
import type { CartProduct } from '#shared/rules/cart.ts';
import { cx } from '../../../components/ui/class-names.ts';

/** The small 4:3 picture of a cart or wishlist line. */
export function CartThumb({
  item,
  className,
}: {
  item: Pick<CartProduct, 'name' | 'brand' | 'imageUrl' | 'thumbnailUrl'>;
  className?: string;
}) {
  const src = item.thumbnailUrl ?? item.imageUrl;
  const box = cx('aspect-[4/3] shrink-0 overflow-hidden rounded-lg bg-slate-100', className);
  if (!src) {
    return (
      <div className={cx(box, 'flex items-center justify-center text-slate-400')}>
        <Bike aria-hidden="true" className="h-1/2 w-1/2" strokeWidth={1.25} />
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        src={src}
        alt={`${item.brand} ${item.name}`}
        width={480}
        height={360}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-cover"
      />
    </div>
  );
}
