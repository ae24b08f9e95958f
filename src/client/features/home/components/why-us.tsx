const POINTS = [
  {
    title: 'Bikes for every rider',
    text: 'Road, mountain, kids, electric, hybrid and BMX: six families of bicycles from brands riders trust.',
  },
  {
    title: 'Ready to ride',
    text: 'Every bicycle is checked and tuned before it leaves us, so your first ride starts the day it arrives.',
  },
  {
    title: 'Secure checkout',
    text: 'Card payments go through a trusted payment provider. We never see or store your card number.',
  },
] as const;

export function WhyUs() {
  return (
    <section aria-labelledby="why-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <h2 id="why-heading" className="text-3xl font-black tracking-tight text-ink sm:text-4xl">
          Why ride with us
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {POINTS.map(({ title, text }, i) => (
            <li key={title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <span aria-hidden="true" className="text-4xl font-black text-brand-600">
                0{i + 1}
              </span>
              <h3 className="mt-3 text-lg font-bold text-ink">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
