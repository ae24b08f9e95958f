/** The size of a cart line ("Size: M"); nothing for a one-size product. */
export function LineSize({ size }: { size?: string | null | undefined }) {
  if (!size) return null;
  return (
    <p className="text-sm text-slate-600">
      Size: <span className="font-semibold text-ink">{size}</span>
    </p>
  );
}
