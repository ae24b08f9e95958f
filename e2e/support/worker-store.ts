/** What a journey reads from `process.env` to reach its store. */
const STORE_VARIABLES = ['E2E_BASE_URL', 'E2E_DATA_DIR', 'E2E_OTHER_ORIGIN'] as const;

/**
 * Points this process's journeys at the store of worker `slot` (Playwright's TEST_PARALLEL_INDEX):
 * e2e/global-setup.ts starts one store per worker and names them `E2E_BASE_URL_0`, `E2E_BASE_URL_1`…
 */
export function useWorkerStore(slot: string | undefined): void {
  if (slot === undefined || !process.env[`E2E_BASE_URL_${slot}`]) return;
  for (const name of STORE_VARIABLES) process.env[name] = process.env[`${name}_${slot}`];
}
