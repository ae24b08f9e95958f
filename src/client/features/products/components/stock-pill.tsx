import { stockClassOf } from '#shared/rules/filters.ts';
import { Pill, type PillTone } from '../../../components/ui/pill.tsx';
import { STOCK_LABELS } from '../catalog.ts';

const tones = { inStock: 'green', lowStock: 'amber', outOfStock: 'red' } as const satisfies Record<
  string,
  PillTone
>;

export function StockPill({ quantity, className }: { quantity: number; className?: string }) {
  const stock = stockClassOf(quantity);
  return (
    <Pill tone={tones[stock]} {...(className ? { className } : {})}>
      {STOCK_LABELS[stock]}
    </Pill>
  );
}
