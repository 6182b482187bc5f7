import type { TCreditTransferDone, TCreditTransferRequest, TTransferUser } from '@contesthub/shared';
import { answerLost, ApiError, apiData } from '../../../lib/api';
import { TRANSFER_TEXT } from '../lib/transfer-messages';

/**
 * POST /vote-credit-transfers/transfer {recipientEmail, amount, password}: one recipient per call (spec 001 §7).
 * The Idempotency-Key makes a repeated request (the same attempt sent again) move the credits once.
 */
export const sendTransfer = (body: TCreditTransferRequest, idempotencyKey: string) =>
  apiData<TCreditTransferDone>('/vote-credit-transfers/transfer', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** A lost answer is asked again at once, with the same key, this many times. */
const NETWORK_RETRIES = 1;

async function sendWithRetry(body: TCreditTransferRequest, key: string): Promise<TCreditTransferDone> {
  for (let retry = 0; ; retry++) {
    try {
      return await sendTransfer(body, key);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0) || retry >= NETWORK_RETRIES) throw err;
    }
  }
}

const walletMissing = (message: string) => /wallet not found/i.test(message);

/** What a failed recipient shows: the server's words ('Wallet not found' in the spec's own wording), else a default. */
export function failureReason(err: unknown): string {
  if (!(err instanceof ApiError) || !err.message) return TRANSFER_TEXT.transferFailed;
  return walletMissing(err.message) ? TRANSFER_TEXT.createWalletFirst : err.message;
}

/**
 * Refusals about the sender, not the recipient (wrong password, no wallet, not enough credits or naira for
 * the same amount, signed out, rate limited): the remaining recipients would be refused the same way, so
 * they are not sent and share the reason.
 */
function refusesEveryone(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return (
    err.errorType === 'INVALID_PASSWORD' ||
    err.status === 401 ||
    err.status === 429 ||
    walletMissing(err.message) ||
    /^insufficient/i.test(err.message)
  );
}

export type RecipientOutcome =
  | { recipient: TTransferUser; ok: true; done: TCreditTransferDone }
  | { recipient: TTransferUser; ok: false; reason: string; walletMissing: boolean };

export interface TransferBatch {
  recipients: readonly TTransferUser[];
  /** Whole credits each recipient receives. */
  amount: number;
  password: string;
  /**
   * Idempotency keys of attempts whose answer was lost, by recipient and amount: sending the same
   * transfer again reuses its key, every other transfer gets a fresh one.
   */
  keys: Map<string, string>;
  onProgress?: (index: number) => void;
}

/** One call per recipient, in order (spec 001 §7), each with its own Idempotency-Key. */
export async function transferToEach({ recipients, amount, password, keys, onProgress }: TransferBatch): Promise<RecipientOutcome[]> {
  const outcomes: RecipientOutcome[] = [];
  let stopped: { reason: string; walletMissing: boolean } | null = null;
  for (const [index, recipient] of recipients.entries()) {
    if (stopped) {
      outcomes.push({ recipient, ok: false, ...stopped });
      continue;
    }
    onProgress?.(index);
    const attempt = `${recipient.email.toLowerCase()}|${amount}`;
    const key = keys.get(attempt) ?? crypto.randomUUID();
    keys.set(attempt, key);
    try {
      const done = await sendWithRetry({ recipientEmail: recipient.email, amount, password }, key);
      keys.delete(attempt);
      outcomes.push({ recipient, ok: true, done });
    } catch (err) {
      if (!answerLost(err)) keys.delete(attempt);
      const reason = failureReason(err);
      const failure = { reason, walletMissing: reason === TRANSFER_TEXT.createWalletFirst };
      outcomes.push({ recipient, ok: false, ...failure });
      if (refusesEveryone(err)) stopped = failure;
    }
  }
  return outcomes;
}
