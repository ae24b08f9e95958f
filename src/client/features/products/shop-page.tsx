import { lazyPage } from '../../components/ui/lazy-page.tsx';

export const ShopPage = lazyPage(async () => (await import('./shop-view.tsx')).ShopView);
