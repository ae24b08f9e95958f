import { Button } from './button.tsx';

/** What a page shows when its data could not be loaded, with a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="rounded-2xl border border-slate-200 p-10 text-center">
      <p className="font-semibold text-ink">{message}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
