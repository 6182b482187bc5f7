/**
 * The sandbox checkout page: a small self-contained HTML document (no script, no external asset),
 * dark like the app, with Approve and Decline as plain forms so it works without JavaScript and
 * under a CSP that allows no script at all.
 */
import { PRODUCT_NAME, formatNaira } from '@contesthub/shared';
import type { SandboxPayment } from '../../lib/payments/index.js';

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox/checkout';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
html{color-scheme:dark}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:16px;
  background:#020617;color:#e2e8f0;font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{width:100%;max-width:420px;background:#0f172a;border:1px solid #1e293b;border-radius:16px;padding:24px}
h1{font-size:1.125rem;margin:0 0 4px}
.badge{display:inline-block;font-size:.75rem;color:#fbbf24;border:1px solid #78350f;background:#451a03;border-radius:999px;padding:2px 10px;margin-bottom:16px}
.amount{font-size:2rem;font-weight:700;margin:8px 0 4px;word-break:break-word}
dl{margin:16px 0;display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:.875rem}
dt{color:#94a3b8}dd{margin:0;word-break:break-all}
.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
form{flex:1 1 140px;margin:0}
button{width:100%;min-height:44px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;border:1px solid transparent}
button:focus-visible{outline:2px solid #60a5fa;outline-offset:2px}
.approve{background:#2563eb;color:#fff}.approve:hover{background:#1d4ed8}
.decline{background:transparent;color:#fca5a5;border-color:#7f1d1d}.decline:hover{background:#450a0a}
.note{color:#94a3b8;font-size:.8125rem;margin-top:16px}
label{display:block;font-size:.8125rem;color:#cbd5e1;margin-bottom:6px}.optional{color:#94a3b8}
input[name=card]{width:100%;box-sizing:border-box;min-height:44px;margin-bottom:4px;border-radius:10px;border:1px solid #334155;background:#0f172a;color:#e2e8f0;font:inherit;padding:0 12px}
input[name=card]:focus-visible{outline:2px solid #60a5fa;outline-offset:2px}
.status{padding:12px;border-radius:10px;background:#1e293b;margin-top:16px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The checkout of one payment: Approve / Decline while pending, the outcome once decided. */
export function checkoutPage(p: SandboxPayment): string {
  const reference = escapeHtml(p.reference);
  const details = `<dl>
<dt>Reference</dt><dd>${reference}</dd>
<dt>Email</dt><dd>${escapeHtml(p.email)}</dd>
</dl>`;
  const header = `<h1>${escapeHtml(PRODUCT_NAME)} sandbox checkout</h1>
<span class="badge">Test payment: no real money moves</span>
<p class="amount">${escapeHtml(formatNaira(p.amountKobo))}</p>`;
  if (p.status !== 'pending') {
    const outcome = p.status === 'success' ? 'This payment was approved.' : 'This payment was declined.';
    return layout(
      `Sandbox checkout: ${p.reference}`,
      `${header}${details}<p class="status" role="status">${outcome}</p>
<div class="actions"><form method="post" action="${SANDBOX_CHECKOUT_PATH}/approve"><input type="hidden" name="reference" value="${reference}"><button class="approve" type="submit">Continue</button></form></div>`,
    );
  }
  return layout(
    `Sandbox checkout: ${p.reference}`,
    `${header}${details}
<label for="card">Test card number <span class="optional">(optional)</span></label>
<input id="card" name="card" form="approve-form" inputmode="numeric" autocomplete="off" maxlength="23" pattern="[0-9 ]{12,23}" placeholder="4084 0840 8408 4081">
<div class="actions">
<form id="approve-form" method="post" action="${SANDBOX_CHECKOUT_PATH}/approve"><input type="hidden" name="reference" value="${reference}"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/decline"><input type="hidden" name="reference" value="${reference}"><button class="decline" type="submit">Decline</button></form>
</div>
<p class="note">Approve pays the amount above, Decline refuses it. A test card number stands for the card you paid with (the same number is the same card). Either way you are sent back to the app, which verifies the payment.</p>`,
  );
}

/** An unknown reference. */
export function notFoundPage(): string {
  return layout(
    'Sandbox checkout: payment not found',
    `<h1>Payment not found</h1><p class="status" role="alert">This checkout does not exist or has expired. Go back to the app and start the payment again.</p>`,
  );
}
