import { lazyPage } from '../../components/ui/lazy-page.tsx';

export const ContactPage = lazyPage(async () => (await import('./contact-view.tsx')).ContactView);
