import { lazyPage } from '../../components/ui/lazy-page.tsx';

export const WishlistPage = lazyPage(
  async () => (await import('./wishlist-view.tsx')).WishlistView,
);
