export function Spinner({
  label = 'Loading',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className={`inline-flex items-center ${className}`}>
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Covers the screen while a save is in progress. */
export function FullScreenSpinner({ label = 'Saving' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-[100] flex items-center justify-center bg-white/70 backdrop-blur-sm">
      <Spinner
        label={label}
        className="text-slate-900 [&>span:first-child]:h-12 [&>span:first-child]:w-12 [&>span:first-child]:border-4"
      />
    </div>
  );
}
