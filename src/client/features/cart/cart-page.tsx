import { lazyPage } from '../../components/ui/lazy-page.tsx';

export const CartPage = lazyPage(async () => (await import('./cart-view.tsx')).CartView);
