import { Icon } from '#client/components/ui/icon.tsx';
import pencilIcon from 'lucide-react/icons/pencil';
import { Link } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { sizeStockSummary } from '../format.ts';
import { dashboardBicyclePath } from '#client/lib/paths.ts';

export function ProductCard({ product }: { product: Product }) {
  const sizes = sizeStockSummary(product.sizes);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ProductImage
        src={product.thumbnailUrl ?? product.imageUrl}
        alt={product.name}
        className="w-full"
      />
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <h2 className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base">
          {product.name}
        </h2>
        <p className="mt-1 truncate text-xs text-slate-600 sm:text-sm">Brand : {product.brand}</p>
        {sizes ? (
          <p className="mt-1 text-xs text-slate-600">
            <span className="sr-only">Stock by size: </span>
            {sizes}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 pt-3">
          <p className="text-base font-bold text-slate-900 sm:text-lg">
            {formatPrice(product.price)}
          </p>
          <p
            className={`text-xs font-medium sm:text-sm ${product.inStock ? 'text-green-700' : 'text-red-600'}`}
          >
            {product.inStock ? 'In Stock' : 'Out Of Stock'}
          </p>
        </div>
        <Link
          to={dashboardBicyclePath(product._id)}
          aria-label={`Edit ${product.name}`}
          className="mt-3 inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 sm:mt-4"
        >
          <Icon node={pencilIcon} className="h-4 w-4" />
          Edit
        </Link>
      </div>
    </li>
  );
}
