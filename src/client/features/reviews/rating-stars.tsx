/** Five stars filled to the nearest whole one, for sighted readers; the text beside says it. */
export function RatingStars({ value, className = '' }: { value: number; className?: string }) {
  const full = Math.round(value);
  return (
    <span aria-hidden="true" className={`tracking-tight text-amber-500 ${className}`.trim()}>
      {'★'.repeat(full)}
      <span className="text-slate-300">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

/** "4.3 out of 5", "1 review", "12 reviews". */
export function ratingText(average: number): string {
  return `${average.toFixed(1)} out of 5`;
}

export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${String(count)} reviews`;
}
