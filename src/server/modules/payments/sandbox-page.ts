import { formatPrice } from '#shared/rules/money.ts';
import { escapeHtml } from '#server/lib/html.ts';
import { SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD } from '#server/payments/sandbox-cards.ts';

const STORE_NAME = 'Bi-Cycle Store';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.12);padding:28px}
.brand{font-size:1.25rem;font-weight:700;margin:0}
.test{display:inline-block;margin-top:6px;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;
color:#92400e;background:#fef3c7;border-radius:999px;padding:2px 10px}
.summary{margin:20px 0;padding:16px;border:1px solid #e2e8f0;border-radius:12px}
.summary p{margin:0 0 4px}
.item{font-weight:600}
.title{font-size:1.05rem;font-weight:600;margin:18px 0 0}
.currency{font-size:.9rem;font-weight:500}
.amount{font-size:1.75rem;font-weight:700;margin-top:8px!important}
label{display:block;font-size:.875rem;font-weight:600;margin:14px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px}
input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{margin:16px 0 0;padding:10px 12px;border-radius:8px;background:#fee2e2;color:#991b1b;font-weight:600}
.actions{display:flex;gap:12px;margin-top:22px}
button{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:8px;cursor:pointer;border:1px solid transparent}
.pay{background:#2563eb;color:#fff}.pay:hover{background:#1d4ed8}
.cancel{background:#fff;color:#334155;border-color:#cbd5e1}.cancel:hover{background:#f8fafc}
.hint{margin-top:18px;font-size:.8rem;color:#475569}
.card{white-space:nowrap}
a{color:#2563eb}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${STORE_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${STORE_NAME}</p>
<span class="test">Test payment</span>
${body}
</main>
</body>
</html>`;
}

interface CheckoutPageModel {
  productName: string;
  quantity: number;
  size: string | null;
  amountCents: number;
  expiry?: string;
  error?: string;
}

/** The sandbox's hosted payment page: plain HTML and a form, no scripts (the CSP allows none inline). */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const amount = formatPrice(model.amountCents / 100);
  // The shopper checks the frame size before paying: a wrong one means a bicycle that does not fit.
  const size = model.size ? `<p>Size: ${escapeHtml(model.size)}</p>\n` : '';
  const error = model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : '';
  return layout(
    'Pay',
    `<h1 class="title">Pay for your order</h1>
<section class="summary" aria-label="Order summary">
<p class="item">${escapeHtml(model.productName)}</p>
${size}<p>Quantity: ${String(model.quantity)}</p>
<p class="amount">${escapeHtml(amount)} <span class="currency">USD</span></p>
</section>
${error}
<form method="post" novalidate>
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" value="${escapeHtml(model.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"></div>
</div>
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">Pay</button>
<button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>
<p class="hint">Test cards: <span class="card">${SANDBOX_SUCCESS_CARD}</span> pays, <span class="card">${SANDBOX_DECLINED_CARD}</span> is declined. Use any future expiry date and any 3 digits. No money moves.</p>`,
  );
}

export function renderClosedPage(returnUrl: string): string {
  return layout(
    'Payment closed',
    `<h1 class="title">This payment is already complete.</h1>
<p><a href="${escapeHtml(returnUrl)}">Return to the store</a></p>`,
  );
}

export function renderNotFoundPage(): string {
  return layout(
    'Payment not found',
    `<h1 class="title">This payment page does not exist.</h1>
<p>The link may be wrong or out of date.</p>`,
  );
}
