import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showNotice } from '#client/components/ui/notice.ts';
import { memoryStorage } from '#client/test/testing.tsx';
import { AppRoot } from './app-root.tsx';
import { makeStore } from './store.ts';

describe('the app root', () => {
  it('loads the toasts only once one is raised, and shows that one', async () => {
    const { store } = makeStore(memoryStorage());
    const { container } = render(
      <AppRoot store={store}>
        <p>A page</p>
      </AppRoot>,
    );
    // Time for a host mounted at start to load and draw itself: a page that only reads raises
    // nothing, so none is mounted and sonner's code is not fetched for it.
    await act(async () => {
      await import('sonner');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.querySelector('section[aria-label^="Notifications"]')).toBeNull();
    expect(container).toHaveTextContent('A page');
    act(() => {
      showNotice({ kind: 'success', text: 'Added to your cart' });
    });
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
  });
});
