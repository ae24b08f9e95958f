/** A small count in the corner of an icon button; hidden from assistive tech (the label carries it). */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-500 px-1 text-[11px] leading-none font-bold text-ink ring-2 ring-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
