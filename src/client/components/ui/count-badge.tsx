/**
 * A small count over the corner of an icon button, placed beside it in a `relative` box: inside,
 * its digits would be visible text missing from the button's name. Hidden from assistive tech
 * (the button's description carries it) and from the pointer (a click lands on the button).
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-500 px-1 text-[11px] leading-none font-bold text-ink ring-2 ring-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
