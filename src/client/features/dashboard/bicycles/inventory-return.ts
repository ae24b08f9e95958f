import { paths } from '#client/lib/paths.ts';

/**
 * What an edit page is opened with from the inventory table, so that leaving it (saved or not)
 * goes back to the same page, filters, order and scroll position.
 */
export interface InventoryReturn {
  inventory: { search: string };
}

const SCROLL_KEY = 'inventory-scroll';

/** Kept when an edit is opened: the link's state is fixed when it is drawn, the scroll is not. */
export function rememberScroll(): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
  } catch {
    // Storage refused (private mode): the table opens at its top instead.
  }
}

export function rememberedScroll(): number {
  try {
    const value = Number(sessionStorage.getItem(SCROLL_KEY));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function isInventoryReturn(state: unknown): state is InventoryReturn {
  const inventory = (state as { inventory?: unknown } | null)?.inventory;
  return (
    typeof inventory === 'object' &&
    inventory !== null &&
    typeof (inventory as { search?: unknown }).search === 'string'
  );
}

/** Where an edit page goes back to, and the state that restores the scroll there. */
export function inventoryBack(state: unknown): { to: string; state?: InventoryReturn } {
  if (!isInventoryReturn(state)) return { to: paths.dashboard.bicycles };
  return { to: `${paths.dashboard.bicycles}${state.inventory.search}`, state };
}
