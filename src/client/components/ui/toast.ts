import { wantToaster } from './notice.ts';

export { toast } from 'sonner';

// Code that raises toasts itself has loaded (a form's page, the dashboard): the toasts' host
// mounts now, so a toast raised before its code arrived still shows.
wantToaster();
