import { lazyPage } from '../../components/ui/lazy-page.tsx';

export const AboutPage = lazyPage(async () => (await import('./about-view.tsx')).AboutView);
