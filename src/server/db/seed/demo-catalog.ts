import type { Category } from '#shared/contract/product.ts';

export interface DemoBicycle {
  name: string;
  brand: string;
  category: Category;
  price: number;
  quantity: number;
  description: string;
}

/** 36 bicycles: six per category, with some out of stock and some under five units. */
export const demoCatalog: DemoBicycle[] = [
  {
    name: 'Domane AL 2',
    brand: 'Trek',
    category: 'Road Bicycle',
    price: 1049.99,
    quantity: 12,
    description:
      'An aluminium endurance road bike with a relaxed fit, Shimano Claris 16-speed gearing and room for 32 mm tyres.',
  },
  {
    name: 'Allez Sport',
    brand: 'Specialized',
    category: 'Road Bicycle',
    price: 1299,
    quantity: 3,
    description:
      'A light E5 aluminium frame, carbon fork and Shimano Sora drivetrain for fast weekend rides and first races.',
  },
  {
    name: 'Contend 3',
    brand: 'Giant',
    category: 'Road Bicycle',
    price: 289.5,
    quantity: 8,
    description:
      'A budget-friendly entry road bike for commuting and fitness, with easy gearing and comfortable geometry.',
  },
  {
    name: 'Endurace 6',
    brand: 'Canyon',
    category: 'Road Bicycle',
    price: 2499,
    quantity: 0,
    description:
      'Carbon endurance frame, Shimano 105 Di2 shifting and hydraulic disc brakes for long days in the saddle.',
  },
  {
    name: 'Via Nirone 7',
    brand: 'Bianchi',
    category: 'Road Bicycle',
    price: 949,
    quantity: 5,
    description:
      'Classic celeste paint on a light alloy frame with a carbon fork; a dependable all-rounder for the road.',
  },
  {
    name: 'Avant H60',
    brand: 'Orbea',
    category: 'Road Bicycle',
    price: 1799,
    quantity: 2,
    description:
      'Stable and comfortable, with disc brakes, mudguard mounts and a 2x11 gearing range for every climb.',
  },
  {
    name: 'Marlin 5',
    brand: 'Trek',
    category: 'Mountain Bike',
    price: 699.99,
    quantity: 15,
    description:
      'A hardtail trail bike with a 100 mm suspension fork, hydraulic disc brakes and internal cable routing.',
  },
  {
    name: 'Rockhopper Sport',
    brand: 'Specialized',
    category: 'Mountain Bike',
    price: 849,
    quantity: 4,
    description:
      'Sure-footed 29-inch wheels, a coil fork and a 1x drivetrain that keeps shifting simple on the trail.',
  },
  {
    name: 'Talon 3',
    brand: 'Giant',
    category: 'Mountain Bike',
    price: 249.99,
    quantity: 9,
    description:
      'An affordable hardtail for gravel paths and forest trails, with a lockout fork and wide-range gearing.',
  },
  {
    name: 'Bronson 4',
    brand: 'Santa Cruz',
    category: 'Mountain Bike',
    price: 4299,
    quantity: 1,
    description:
      'Full-suspension trail slayer with 150 mm of VPP travel, mixed wheel sizes and a dropper post.',
  },
  {
    name: 'Aspect 950',
    brand: 'Scott',
    category: 'Mountain Bike',
    price: 479,
    quantity: 0,
    description:
      'A light alloy hardtail with a 100 mm fork and hydraulic brakes, made for first steps off-road.',
  },
  {
    name: 'Kahuna',
    brand: 'Kona',
    category: 'Mountain Bike',
    price: 329,
    quantity: 6,
    description:
      'A cross-country hardtail with a lockout fork and a 1x10 drivetrain, ready for long rides and races.',
  },
  {
    name: 'Woom 3',
    brand: 'Woom',
    category: 'Kids Bicycles',
    price: 219,
    quantity: 10,
    description:
      'A 16-inch bike for ages 4 to 6 with a light frame, child-sized brake levers and a low step-over.',
  },
  {
    name: 'Frog 55',
    brand: 'Frog',
    category: 'Kids Bicycles',
    price: 259,
    quantity: 3,
    description:
      'A 20-inch bike for ages 6 to 8 with 8 gears, a light alloy frame and short-reach brakes.',
  },
  {
    name: 'Precaliber 16',
    brand: 'Trek',
    category: 'Kids Bicycles',
    price: 199.99,
    quantity: 7,
    description:
      'Training wheels included, a chain guard and a coaster brake: a safe first pedal bike.',
  },
  {
    name: 'Hotwalk',
    brand: 'Specialized',
    category: 'Kids Bicycles',
    price: 149,
    quantity: 0,
    description:
      'A balance bike for toddlers that teaches steering and balance before pedals come along.',
  },
  {
    name: 'ARX 24',
    brand: 'Giant',
    category: 'Kids Bicycles',
    price: 299,
    quantity: 11,
    description:
      'A 24-inch bike for young riders ready for trails, with a suspension fork and 7 gears.',
  },
  {
    name: 'Scamp 20',
    brand: 'Haro',
    category: 'Kids Bicycles',
    price: 179,
    quantity: 2,
    description:
      'A sturdy single-speed 20-inch bike for kids who want a BMX feel around the neighbourhood.',
  },
  {
    name: 'RadCity 5 Plus',
    brand: 'Rad Power',
    category: 'Electric Bikes',
    price: 1999,
    quantity: 6,
    description:
      'A commuter e-bike with a 750 W hub motor, 672 Wh battery, fenders, rack and integrated lights.',
  },
  {
    name: 'Turbo Vado 4.0',
    brand: 'Specialized',
    category: 'Electric Bikes',
    price: 3999,
    quantity: 2,
    description:
      'A refined mid-drive urban e-bike with 90 Nm of torque and up to 90 miles of range.',
  },
  {
    name: 'Explore E+ 2',
    brand: 'Giant',
    category: 'Electric Bikes',
    price: 2899,
    quantity: 0,
    description:
      'A trekking e-bike with a SyncDrive motor, front suspension and a rack that carries real loads.',
  },
  {
    name: 'Kathmandu Hybrid',
    brand: 'Cube',
    category: 'Electric Bikes',
    price: 3299,
    quantity: 5,
    description:
      'Bosch Performance Line motor, 625 Wh battery and a full touring kit for long journeys.',
  },
  {
    name: 'Load 75',
    brand: 'Riese & Müller',
    category: 'Electric Bikes',
    price: 4899,
    quantity: 1,
    description:
      'A front-loading cargo e-bike with dual suspension that carries children or shopping with ease.',
  },
  {
    name: 'Ride 1',
    brand: 'Lectric',
    category: 'Electric Bikes',
    price: 449,
    quantity: 14,
    description:
      'A folding e-bike with a 500 W motor and 20-inch fat tyres that fits in a car boot.',
  },
  {
    name: 'FX 2 Disc',
    brand: 'Trek',
    category: 'Hybrid Bicycle',
    price: 749.99,
    quantity: 13,
    description:
      'A fitness hybrid with hydraulic disc brakes, a light alloy frame and ergonomic grips.',
  },
  {
    name: 'Sirrus 2.0',
    brand: 'Specialized',
    category: 'Hybrid Bicycle',
    price: 279,
    quantity: 4,
    description:
      'Upright and quick, with flat bars and a simple 1x drivetrain for city and path riding.',
  },
  {
    name: 'Escape 3',
    brand: 'Giant',
    category: 'Hybrid Bicycle',
    price: 239.99,
    quantity: 20,
    description:
      'A practical city bike with mounts for racks and fenders and puncture-resistant tyres.',
  },
  {
    name: 'Quick 4',
    brand: 'Cannondale',
    category: 'Hybrid Bicycle',
    price: 699,
    quantity: 0,
    description: 'A fast and fun urban bike with a SmartForm alloy frame and 1x9 shifting.',
  },
  {
    name: 'Fairfax 1',
    brand: 'Marin',
    category: 'Hybrid Bicycle',
    price: 479,
    quantity: 3,
    description:
      'Wide-range gearing, disc brakes and 700c wheels for commuting and weekend adventures.',
  },
  {
    name: 'Sub Cross 10',
    brand: 'Scott',
    category: 'Hybrid Bicycle',
    price: 329,
    quantity: 8,
    description:
      'A comfortable trekking hybrid with a suspension fork, kickstand and rack-ready frame.',
  },
  {
    name: 'Premium Inspired',
    brand: 'Premium',
    category: 'BMX Bike',
    price: 399,
    quantity: 5,
    description:
      'A 20-inch street BMX with a chromoly top tube, sealed hubs and a 25/9 gear ratio.',
  },
  {
    name: 'Leucadia',
    brand: 'Haro',
    category: 'BMX Bike',
    price: 309,
    quantity: 9,
    description:
      'A beginner-friendly freestyle BMX with a hi-ten frame and a u-brake for park and street.',
  },
  {
    name: 'Legion L100',
    brand: 'Mongoose',
    category: 'BMX Bike',
    price: 259,
    quantity: 0,
    description:
      'A durable freestyle BMX with a 360-degree gyro, pegs and a steel frame made for tricks.',
  },
  {
    name: 'Fitness 2',
    brand: 'Sunday',
    category: 'BMX Bike',
    price: 469,
    quantity: 2,
    description: 'A full chromoly park bike with a sealed cassette hub and double-wall rims.',
  },
  {
    name: 'Radio Darko',
    brand: 'Radio',
    category: 'BMX Bike',
    price: 229,
    quantity: 7,
    description: 'A light and playful 20-inch BMX for street riding with a chromoly fork and bars.',
  },
  {
    name: 'Wethepeople Arcade',
    brand: 'Wethepeople',
    category: 'BMX Bike',
    price: 549,
    quantity: 3,
    description:
      'A premium freestyle BMX with a full chromoly frame, freecoaster option and sealed bearings.',
  },
];
