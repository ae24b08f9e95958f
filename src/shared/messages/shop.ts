export const shopMessages = {
  noProducts: 'No products found!',
  // A page number past the last page of matches (an edited address, or a catalog that shrank):
  // the matches exist, so "No products found!" would be wrong.
  pageEmpty: (page: number) => `Page ${String(page)} is empty.`,
  lastPage: (last: number) => `Go to the last page (${String(last)})`,
} as const;
