/** A message for the shopper: what a rule decided, shown as a toast. */
export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** Shows a notice; repeated identical notices replace each other instead of piling up. */
export function showNotice(notice: Notice | null | undefined): void {
  if (!notice) return;
  const options = { id: notice.text };
  // Loaded with the first notice, not with the page.
  void import('sonner').then(({ toast }) => {
    if (notice.kind === 'success') toast.success(notice.text, options);
    else if (notice.kind === 'error') toast.error(notice.text, options);
    else toast.info(notice.text, options);
  });
}
