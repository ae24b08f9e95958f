import type { ReviewFit } from '#shared/contract/review.ts';

/** Riders who bought from the demo store; nobody signs in as them (random passwords). */
export const demoRiders = [
  { name: 'Ana Lopes', email: 'ana.lopes@riders.example.com', heightCm: 163 },
  { name: 'Ben Carter', email: 'ben.carter@riders.example.com', heightCm: 178 },
  { name: 'Chloé Martin', email: 'chloe.martin@riders.example.com', heightCm: 171 },
  { name: 'Daniel Kim', email: 'daniel.kim@riders.example.com', heightCm: 184 },
  { name: 'Eva Schmidt', email: 'eva.schmidt@riders.example.com', heightCm: 176 },
  { name: 'Farid Haddad', email: 'farid.haddad@riders.example.com', heightCm: 190 },
] as const;

export interface DemoReview {
  /** Index into demoRiders. */
  rider: number;
  size: string | null;
  rating: number;
  fit: ReviewFit;
  title: string;
  body: string;
  /** Days before the seed ran that the review was written. */
  daysAgo: number;
}

/** Reviews of a few demo bicycles, by name: enough on each for the size advice to show. */
export const demoReviews: Record<string, DemoReview[]> = {
  'Marlin 5': [
    {
      rider: 1,
      size: 'L',
      rating: 5,
      fit: 'true',
      title: 'Trail-ready out of the box',
      body: 'Took it to the local trails the day it arrived. The L fits me at 178 cm with room to adjust the saddle. Great first hardtail.',
      daysAgo: 4,
    },
    {
      rider: 4,
      size: 'L',
      rating: 4,
      fit: 'true',
      title: 'Solid, a little heavy',
      body: 'Comfortable and stable on gravel and roots. It is not light, but for the price it climbs fine.',
      daysAgo: 11,
    },
    {
      rider: 2,
      size: 'M',
      rating: 5,
      fit: 'true',
      title: 'Perfect size M',
      body: 'I was between sizes and the M was right: confident on descents and easy to handle.',
      daysAgo: 19,
    },
    {
      rider: 0,
      size: 'S',
      rating: 4,
      fit: 'large',
      title: 'Runs a touch long',
      body: 'At 163 cm the S feels slightly stretched; a shorter stem fixed it. Brakes are strong.',
      daysAgo: 27,
    },
    {
      rider: 3,
      size: 'L',
      rating: 3,
      fit: 'small',
      title: 'Good bike, consider XL',
      body: 'At 184 cm the L is a bit cramped for long rides. The bike itself is great value.',
      daysAgo: 35,
    },
  ],
  'Domane AL 2': [
    {
      rider: 1,
      size: '56 cm',
      rating: 5,
      fit: 'true',
      title: 'My first road bike',
      body: 'Relaxed position, smooth gears, and 32 mm tyres make rough roads easy. 56 cm is spot on at 178 cm.',
      daysAgo: 6,
    },
    {
      rider: 4,
      size: '56 cm',
      rating: 4,
      fit: 'true',
      title: 'Comfortable for long rides',
      body: 'Did 90 km on the first weekend with no sore back. Rim brakes are fine in the dry.',
      daysAgo: 15,
    },
    {
      rider: 2,
      size: '54 cm',
      rating: 4,
      fit: 'true',
      title: 'Fits well, nice ride',
      body: 'The 54 cm fits me at 171 cm. Gearing is enough for the hills around here.',
      daysAgo: 23,
    },
    {
      rider: 5,
      size: '61 cm',
      rating: 5,
      fit: 'true',
      title: 'Big frame, big smile',
      body: 'Hard to find bikes my size; the 61 cm fits perfectly at 190 cm.',
      daysAgo: 40,
    },
  ],
  'RadCity 5 Plus': [
    {
      rider: 3,
      size: 'L',
      rating: 5,
      fit: 'true',
      title: 'Replaced my car for commuting',
      body: 'Twenty kilometres each way without sweating, and the battery lasts the week.',
      daysAgo: 3,
    },
    {
      rider: 0,
      size: 'S',
      rating: 4,
      fit: 'true',
      title: 'Heavy but lovely',
      body: 'Hard to carry up stairs, but a joy to ride. The S fits me well at 163 cm.',
      daysAgo: 17,
    },
    {
      rider: 1,
      size: 'L',
      rating: 4,
      fit: 'large',
      title: 'Slightly big for me',
      body: 'At 178 cm the L feels a bit tall; I lowered the saddle all the way. Motor is strong.',
      daysAgo: 29,
    },
  ],
  'Premium Inspired': [
    {
      rider: 5,
      size: null,
      rating: 5,
      fit: 'true',
      title: 'Built to take a beating',
      body: 'Park sessions every weekend and nothing has come loose. <b>Great</b> bars.',
      daysAgo: 8,
    },
    {
      rider: 2,
      size: null,
      rating: 3,
      fit: 'small',
      title: 'Fine, a little short for me',
      body: 'Good quality, but the top tube is short for a taller rider.',
      daysAgo: 21,
    },
    {
      rider: 4,
      size: null,
      rating: 4,
      fit: 'true',
      title: 'Good value',
      body: 'Solid parts for the price, and the pegs came in the box.',
      daysAgo: 33,
    },
  ],
};
