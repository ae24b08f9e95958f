import type { Page } from '@playwright/test';

/**
 * Collects what the page reports as going wrong from now on: console errors and warnings (a
 * hydration mismatch among them) and uncaught errors. `expected` leaves out messages a journey
 * causes on purpose. The list fills as the page runs; a journey expects it empty at the end.
 */
export function consoleProblems(
  page: Page,
  expected: (text: string) => boolean = () => false,
): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && !expected(message.text())) {
      problems.push(`${type}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
