/** More digits than any allowed amount (the schema refuses above ₦10,000,000); stops runaway input. */
const MAX_DIGITS = 12;

/**
 * The deposit field keeps digits only and shows them with thousands separators (spec 001 §5):
 * '10000' → '10,000', 'abc' → ''. Leading zeros go ('007' → '7'); a lone '0' stays for the schema to refuse.
 */
export function formatAmountInput(raw: string): string {
  const digits = raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_DIGITS);
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Pasted text is stripped to digits (spec 001 §5). A trailing kobo part ('₦1,500.75') is dropped first, so
 * a pasted amount never grows a hundredfold; the field takes whole naira.
 */
export function pastedDigits(text: string): string {
  return text
    .trim()
    .replace(/\.\d{1,2}$/, '')
    .replace(/\D/g, '');
}
