import { stockAlertsMessages } from '#shared/messages/stock-alerts.ts';
import { escapeHtml } from '#server/lib/html.ts';
import { STORE_NAME } from './mail-templates.ts';

const text = stockAlertsMessages;

/**
 * The small pages a stock alert's links open: plain HTML and a form, no scripts (the CSP allows
 * none inline), so they work from any mail client and before the store's app loads. A GET only
 * shows a button; the button's POST acts, since mail scanners follow links (decision 020).
 */
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${STORE_NAME}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f5f9;color:#0f172a">
<main style="max-width:480px;margin:40px auto;background:#fff;border-radius:12px;padding:24px">
<p style="font-size:20px;font-weight:700;margin:0 0 12px">${STORE_NAME}</p>
${body}
<p><a href="/">Back to the store</a></p>
</main></body></html>`;
}

const BUTTON_STYLE =
  'font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:8px;background:#0f172a;color:#fff;cursor:pointer';

function actionPage(
  title: string,
  lead: string,
  action: string,
  field: { name: string; value: string },
  button: string,
): string {
  return layout(
    title,
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<p>${escapeHtml(lead)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${escapeHtml(field.name)}" value="${escapeHtml(field.value)}">
<button type="submit" style="${BUTTON_STYLE}">${escapeHtml(button)}</button>
</form>`,
  );
}

/** GET /stock-alerts/confirm?token=: a button that confirms; the GET itself changes nothing. */
export function renderConfirmPage(token: string): string {
  return actionPage(
    text.confirmTitle,
    text.confirmLead,
    '/api/v1/stock-alerts/confirm',
    { name: 'token', value: token },
    text.confirmButton,
  );
}

/** GET /api/v1/stock-alerts/unsubscribe?token=: the one-click POST as a button. */
export function renderUnsubscribePage(token: string): string {
  return actionPage(
    text.unsubscribeTitle,
    text.unsubscribeLead,
    `/api/v1/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    { name: 'List-Unsubscribe', value: 'One-Click' },
    text.unsubscribeButton,
  );
}

/** What a POST from one of these pages did. */
export function renderResultPage(message: string): string {
  return layout(message, `<h1 style="font-size:18px" role="status">${escapeHtml(message)}</h1>`);
}
