/**
 * Text made safe for HTML (and XML) element content and for attribute values in either quote:
 * every character that could end the text's place (`<`, `&`, both quotes, and the backtick that old
 * browsers took as a quote) becomes a character reference.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${String(c.charCodeAt(0))};`);
}
