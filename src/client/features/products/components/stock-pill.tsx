import { stockClassOf } from '#shared/rules/filters.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { STOCK_LABELS } from '../catalog.ts';

const tones = { inStock: 'green', lowStock: 'amber', outOfStock: 'red' } as const satisfies Record<
  string,
  BadgeTone
>;

export function StockPill({ quantity, className }: { quantity: number; className?: string }) {
  const stock = stockClassOf(quantity);
  return (
    <Badge tone={tones[stock]} className={className}>
      {STOCK_LABELS[stock]}
    </Badge>
  );
}
