import { FeaturedProducts } from '#client/features/products/components/featured-products.tsx';
import { HeroCarousel } from './components/hero-carousel.tsx';
import { WhyUs } from './components/why-us.tsx';

export function HomeView() {
  return (
    <main>
      <h1 className="sr-only">Bi-Cycle Store</h1>
      <HeroCarousel />
      <FeaturedProducts />
      <WhyUs />
    </main>
  );
}
