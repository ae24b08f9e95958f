export type BadgeTone = 'green' | 'red' | 'blue' | 'yellow';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/30',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
