import { PAYMENT_MESSAGES, TRANSFER_MIN_CREDITS, transferQuote, transferShortfall, type TransferQuote } from '@contesthub/shared';

/** What the form holds. The amount field keeps digits only (whole credits, step 1). */
export interface TransferDraft {
  recipients: number;
  amountText: string;
  password: string;
}

export interface Holdings {
  /** Credits (may hold hundredths). */
  voteCredits: number;
  balanceKobo: number;
}

/** Digits only, no leading zeros: the amount field's value ('1,0a0' → '100'). */
export const creditsInput = (raw: string) =>
  raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 9);

const filled = (d: TransferDraft) => d.recipients > 0 && d.amountText.trim() !== '' && d.password !== '';

/** Submit is disabled without a wallet, recipients, amount or password (spec 001 §5). */
export const canSubmit = (d: TransferDraft, holdings: Holdings | null) => holdings !== null && filled(d);

/** The transfer's figures once the amount reaches the minimum and someone is selected, else null. */
export function quoteOf(d: Pick<TransferDraft, 'recipients' | 'amountText'>): TransferQuote | null {
  const amount = Number(d.amountText);
  if (!d.amountText || !Number.isSafeInteger(amount) || amount < TRANSFER_MIN_CREDITS || d.recipients < 1) return null;
  return transferQuote(amount, d.recipients);
}

/**
 * The screen's checks before anything is sent, in the spec's order (001 §5): a wallet, all three fields,
 * at least 10 credits each, then enough vote credits and enough naira for the ₦100 fee per recipient.
 * The refusal text, or null when the transfer may go.
 */
export function checkTransfer(d: TransferDraft, holdings: Holdings | null): string | null {
  if (!holdings) return PAYMENT_MESSAGES.walletNotFound;
  if (!filled(d)) return PAYMENT_MESSAGES.transferFieldsRequired;
  const quote = quoteOf(d);
  if (!quote) return PAYMENT_MESSAGES.transferMinimum;
  return transferShortfall(quote, holdings);
}
