/**
 * The bound of a wait for something the database tells a moment later (a NOTIFY, a sweep): the
 * wait ends as soon as the condition holds, so the bound only ends a failing test. Vitest's 1 s
 * default is too short on two cores shared with the other projects' databases.
 */
export const eventually = { timeout: 10_000 } as const;
