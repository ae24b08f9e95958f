import { Icon } from '#client/components/ui/icon.tsx';
import arrowRightIcon from 'lucide-react/icons/arrow-right';
import pauseIcon from 'lucide-react/icons/pause';
import playIcon from 'lucide-react/icons/play';
import { useEffect, useState } from 'react';
import { useBrowserValue } from '#client/lib/use-browser-value.ts';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { paths } from '#client/lib/paths.ts';

interface Slide {
  image: string;
  alt: string;
  eyebrow: string;
  title: string;
  text: string;
}

const SLIDES: readonly Slide[] = [
  {
    image: 'hero-road',
    alt: 'A yellow road bicycle on a winding road at sunset',
    eyebrow: 'Road bicycles',
    title: 'Ride the open road',
    text: 'Light frames and smooth gearing for early commutes, long weekends and your first race.',
  },
  {
    image: 'hero-mountain',
    alt: 'An orange mountain bike on a dirt trail below snowy peaks',
    eyebrow: 'Mountain bikes',
    title: 'Conquer every trail',
    text: 'Hardtails and full-suspension bikes that stay sure-footed from forest paths to rocky descents.',
  },
  {
    image: 'hero-city',
    alt: 'A blue electric bicycle in front of a city skyline at night',
    eyebrow: 'Electric bikes',
    title: 'Power through the city',
    text: 'Quiet motors and long-range batteries that turn every hill and headwind into an easy ride.',
  },
];

const ROTATE_MS = 6000;

function srcSet(image: string): string {
  return `/hero/${image}-800.webp 800w, /hero/${image}-1600.webp 1600w`;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Three slides that rotate every six seconds, paused on hover, focus, or by the shopper. */
export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  // A prerendered page and its first render agree (not reduced), then the real preference applies.
  const reducedMotion = useBrowserValue(prefersReducedMotion, false);
  const [pausedByShopper, setPausedByShopper] = useState<boolean | undefined>(undefined);
  const paused = pausedByShopper ?? reducedMotion;
  const [hovering, setHovering] = useState(false);
  // The other pictures wait until the first one is in, so they never compete with it.
  const [restReady, setRestReady] = useState(false);

  useEffect(() => {
    if (paused || hovering) return;
    const timer = setInterval(() => {
      setRestReady(true);
      setIndex((i) => (i + 1) % SLIDES.length);
    }, ROTATE_MS);
    return () => {
      clearInterval(timer);
    };
  }, [paused, hovering]);

  const show = (i: number) => {
    setRestReady(true);
    setIndex(i);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured bicycles"
      className="relative isolate h-[34rem] overflow-hidden bg-ink sm:h-[36rem] lg:h-[38rem]"
      onPointerEnter={() => {
        setHovering(true);
      }}
      onPointerLeave={() => {
        setHovering(false);
      }}
      onFocus={() => {
        setHovering(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHovering(false);
      }}
    >
      {SLIDES.map((slide, i) => {
        const active = i === index;
        return (
          <div
            key={slide.image}
            role="group"
            aria-roledescription="slide"
            aria-label={`${String(i + 1)} of ${String(SLIDES.length)}`}
            aria-hidden={!active}
            inert={!active}
            className={cx(
              'absolute inset-0 transition-opacity duration-700',
              active ? 'opacity-100' : 'opacity-0',
            )}
          >
            {i === 0 || restReady ? (
              <img
                src={`/hero/${slide.image}-1600.webp`}
                srcSet={srcSet(slide.image)}
                sizes="100vw"
                width={1600}
                height={800}
                alt={slide.alt}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding={i === 0 ? 'sync' : 'async'}
                {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
                onLoad={
                  i === 0
                    ? () => {
                        setRestReady(true);
                      }
                    : undefined
                }
                className="absolute inset-x-0 top-0 h-[62%] w-full object-cover object-[80%_50%] md:inset-0 md:h-full md:object-center"
              />
            ) : null}
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-t from-ink from-0% via-ink via-40% to-transparent to-65% md:bg-gradient-to-r md:from-ink/90 md:via-ink/45 md:via-50% md:to-transparent md:to-100%"
            />
            <div className="relative mx-auto flex h-full max-w-7xl items-end px-4 pb-24 md:items-center md:pb-0">
              <div className="max-w-xl text-white">
                <p className="text-sm font-bold tracking-[0.2em] text-brand-400 uppercase">
                  {slide.eyebrow}
                </p>
                <h2 className="mt-3 text-4xl leading-[1.05] font-black tracking-tight sm:text-5xl lg:text-6xl">
                  {slide.title}
                </h2>
                <p className="mt-4 max-w-md text-base text-slate-100 sm:text-lg">{slide.text}</p>
                <Link
                  to={paths.shop}
                  className={buttonClasses({ variant: 'accent', size: 'lg', className: 'mt-7' })}
                >
                  Explore Now
                  <Icon node={arrowRightIcon} className="h-5 w-5" />
                </Link>
              </div>
            </div>
          </div>
        );
      })}

      <div className="absolute inset-x-0 bottom-6 mx-auto flex max-w-7xl items-center gap-2 px-4">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.image}
            type="button"
            aria-label={`Show slide ${String(i + 1)}: ${slide.title}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => {
              show(i);
            }}
            className="group flex h-8 cursor-pointer items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
          >
            <span
              aria-hidden="true"
              className={cx(
                'block h-1.5 rounded-full transition-all',
                i === index ? 'w-10 bg-brand-400' : 'w-5 bg-white/60 group-hover:bg-white',
              )}
            />
          </button>
        ))}
        <button
          type="button"
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          onClick={() => {
            setPausedByShopper(!paused);
          }}
          className="ml-2 inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-full bg-white/15 text-white transition hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          {paused ? (
            <Icon node={playIcon} className="h-4 w-4" />
          ) : (
            <Icon node={pauseIcon} className="h-4 w-4" />
          )}
        </button>
      </div>
    </section>
  );
}
