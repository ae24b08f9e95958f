import type { PageMeta } from '#shared/contract/envelope.ts';
import { Pager } from '#client/components/ui/pager.tsx';

/** The pager under a dashboard list, read from the list's `meta`, with how many in all. */
export function ListPager({
  meta,
  onPageChange,
  label,
}: {
  meta: PageMeta;
  onPageChange: (page: number) => void;
  label: string;
}) {
  return (
    <Pager
      page={meta.page}
      totalPages={meta.totalPages}
      total={meta.total}
      onPageChange={onPageChange}
      label={label}
    />
  );
}
