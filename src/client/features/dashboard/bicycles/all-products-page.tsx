import { InventoryPage } from './inventory-page.tsx';

/** The spec's "All Products" screen, now the back office's inventory table. */
export function AllProductsPage() {
  return <InventoryPage />;
}
