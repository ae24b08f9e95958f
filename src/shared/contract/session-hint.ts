/**
 * A cookie beside the refresh cookie, with no secret in it, that page scripts can read: "this browser
 * has a session". A session opened by a form sent without scripts leaves nothing in the page's saved
 * state; the app, finding no saved token but this cookie, asks for a fresh access token (decision
 * 031). Its own module: the app's first load reads it, and needs none of the contract's schemas.
 */
export const SESSION_HINT_COOKIE = 'hasSession';
