import { Spinner } from '#client/components/ui/spinner.tsx';

/** The dashboard's spinner, centred in the space its content will take (`padding`). */
export function Loading({ label, padding }: { label: string; padding: 'py-6' | 'py-16' }) {
  return (
    <div className={`flex justify-center ${padding}`}>
      <Spinner label={label} className="text-emerald-600" />
    </div>
  );
}
