import { Icon } from '#client/components/ui/icon.tsx';
import arrowRightIcon from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';

const STATS = [
  { value: '6', label: 'Kinds of bicycles' },
  { value: '15+', label: 'Trusted brands' },
  { value: '5 days', label: 'Support every week' },
] as const;

const VALUES = [
  {
    title: 'Riders first',
    text: 'We started as a group of commuters, racers and weekend explorers. We choose every bike as if we were buying it for ourselves.',
  },
  {
    title: 'Honest advice',
    text: 'A first balance bike or a full-suspension trail machine: we tell you what you need, and what you do not.',
  },
  {
    title: 'Built to last',
    text: 'Good bicycles ride for decades. We stock frames and parts that can be serviced, repaired and passed on.',
  },
] as const;

export function AboutView() {
  return (
    <main>
      <section className="bg-ink text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
          <p className="text-sm font-bold tracking-[0.2em] text-brand-400 uppercase">About us</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-black tracking-tight sm:text-5xl">
            We help people find the bicycle that fits their life.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">
            Bi-Cycle Store brings together road, mountain, kids, electric, hybrid and BMX bicycles
            in one place, with clear prices, honest stock levels and people who love to ride.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="story-heading"
        className="mx-auto grid max-w-7xl gap-10 px-4 py-16 md:grid-cols-2"
      >
        <div>
          <h2 id="story-heading" className="text-3xl font-black tracking-tight text-ink">
            Our story
          </h2>
          <p className="mt-4 leading-relaxed text-slate-700">
            It began in a small Portland workshop where friends fixed each other&apos;s bikes after
            work. Neighbours started asking for advice, then for bikes, and the workshop became a
            store.
          </p>
          <p className="mt-4 leading-relaxed text-slate-700">
            Today we ship bicycles across the country, but the idea is the same: the right bike
            makes every ride better, whether it is the school run, the daily commute or a mountain
            pass.
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-4 self-center">
          {STATS.map((s) => (
            <div
              key={s.label}
              className="rounded-2xl bg-brand-50 p-5 text-center ring-1 ring-brand-200"
            >
              <dt className="text-sm text-slate-700">{s.label}</dt>
              <dd className="order-first text-2xl font-black text-ink sm:text-3xl">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="values-heading" className="text-3xl font-black tracking-tight text-ink">
            What we stand for
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {VALUES.map((v) => (
              <li key={v.title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
                <h3 className="text-lg font-bold text-ink">{v.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{v.text}</p>
              </li>
            ))}
          </ul>
          <Link to={paths.shop} className={buttonClasses({ size: 'lg', className: 'mt-10' })}>
            Explore Our Bikes
            <Icon node={arrowRightIcon} className="h-5 w-5" />
          </Link>
        </div>
      </section>
    </main>
  );
}
