/**
 * Vote-credit transfers (spec 001 §2 Transfer Credits, §5, §7, §8): a signed-in user sends whole
 * vote credits to another user, one recipient per call, and pays ₦100 per recipient from their
 * naira wallet. A transfer is ONE ledger posting (kind TRANSFER_KIND): the credits move from the
 * sender to the recipient and the fee from the sender's wallet to the platform's revenue, together
 * or not at all. History is read back from the same postings, so it can never disagree with the
 * balances.
 */
import { randomUUID } from 'node:crypto';
import {
  PAYMENT_MESSAGES,
  creditsToUnits,
  formatNumber,
  transferQuote,
  transferShortfall,
  unitsToCredits,
  type TCreditTransferDone,
  type TCreditTransferRequest,
  type TTransferHistoryItem,
  type TTransferHistoryPage,
  type TTransferHistoryQuery,
  type TTransferUser,
  type TransferQuote,
  pageOf,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { confirmPassword } from '../auth/login.js';
import { accounts } from '../ledger/accounts.js';
import { post, userBalances, type PostInput } from '../ledger/ledger.js';
import { findWalletAccount } from '../wallet/wallet.repository.js';
import { transferCompleted } from './transfers.events.js';
import {
  TRANSFER_KIND,
  findUserByEmail,
  findUserName,
  isEligibleRecipient,
  listTransferLines,
  postingExists,
  searchRecipients,
  type TransferLineRow,
  type TransferMetadata,
  type TransferUserRow,
} from './transfers.repository.js';

export { TRANSFER_KIND } from './transfers.repository.js';

/** Texts of the transfer calls: the spec's (PAYMENT_MESSAGES) and, where the spec has none, ours. */
export const TRANSFER_MESSAGES = {
  fieldsRequired: PAYMENT_MESSAGES.transferFieldsRequired,
  minimum: PAYMENT_MESSAGES.transferMinimum,
  walletNotFound: PAYMENT_MESSAGES.walletNotFound,
  /** Not given by the spec. */
  transferred: 'Vote credits transferred successfully',
  /** Not given by the spec. */
  recipientNotFound: 'Recipient not found',
  /** Not given by the spec. */
  selfTransfer: 'You cannot transfer vote credits to yourself',
  /** Not given by the spec. */
  idempotencyConflict: 'This Idempotency-Key was already used for a different transfer',
} as const;

/** Most users a recipient search answers. */
export const TRANSFER_SEARCH_LIMIT = 10;

/** A posting refused by the ledger because a balance moved after we read it is tried again this often. */
const LEDGER_ATTEMPTS = 3;

/** The ledger reference of a transfer: the client's Idempotency-Key (scoped to the sender) or a new UUID. */
export const transferReference = (senderId: string, idempotencyKey?: string): string =>
  idempotencyKey ? `transfer:${senderId}:${idempotencyKey}` : `transfer:${randomUUID()}`;

const toTransferUser = (u: Pick<TransferUserRow, 'id' | 'fullName' | 'email' | 'profilePicture'>): TTransferUser => ({
  id: u.id,
  fullName: u.fullName,
  email: u.email,
  profilePicture: u.profilePicture,
});

function transferPosting(
  reference: string,
  sender: { id: string; fullName: string },
  recipient: TransferUserRow,
  quote: TransferQuote,
  newReference: boolean,
): PostInput {
  const units = creditsToUnits(quote.totalCredits);
  const metadata: TransferMetadata = {
    senderId: sender.id,
    senderName: sender.fullName,
    recipientId: recipient.id,
    recipientName: recipient.fullName,
  };
  return {
    reference,
    kind: TRANSFER_KIND,
    description: `Transfer of ${formatNumber(quote.totalCredits)} vote credits from ${sender.fullName} to ${recipient.fullName}`,
    metadata: { ...metadata },
    newReference,
    lines: [
      { account: accounts.userCredits(sender.id), amount: -units },
      { account: accounts.userCredits(recipient.id), amount: units },
      { account: accounts.userWallet(sender.id), amount: -quote.feeKobo },
      { account: accounts.platformRevenue('NGN'), amount: quote.feeKobo },
    ],
  };
}

/**
 * The sender's refusal as their balances stand now, in the order of spec 001 §5: too few vote credits
 * first, then no naira wallet, then too little naira for the fee; null when the transfer is covered.
 */
async function refusalNow(tx: Tx, senderId: string, quote: TransferQuote): Promise<AppError | null> {
  const have = await userBalances(tx, senderId);
  const voteCredits = unitsToCredits(have.creditUnits);
  const text = transferShortfall(quote, { voteCredits, balanceKobo: have.walletKobo });
  if (text && quote.totalCredits > voteCredits) return new AppError(400, text, 'INSUFFICIENT_CREDITS');
  if (!(await findWalletAccount(tx, senderId))) return AppError.badRequest(TRANSFER_MESSAGES.walletNotFound);
  return text ? new AppError(400, text, 'INSUFFICIENT_BALANCE') : null;
}

/** post(), with a key reused for another transfer answered in our words. */
async function postTransfer(tx: Tx, input: PostInput) {
  try {
    return await post(tx, input);
  } catch (err) {
    if (isAppError(err) && err.errorType === 'IDEMPOTENCY_CONFLICT') {
      throw new AppError(409, TRANSFER_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
    }
    throw err;
  }
}

/**
 * POST /api/vote-credit-transfers/transfer {recipientEmail, amount, password}.
 *
 * The password is checked first (nothing about recipients is revealed to a wrong one). With an
 * Idempotency-Key, a request already carried out answers its first result and moves nothing again
 * (a different transfer under the same key is refused with 409). Balances are read inside the
 * transaction; if the ledger still refuses (another spend got the lock first), the spec's text is
 * computed again from the fresh balances.
 */
export async function transferCredits(
  ctx: AppContext,
  senderId: string,
  input: TCreditTransferRequest,
  idempotencyKey?: string,
): Promise<TCreditTransferDone> {
  const sender = await findUserName(ctx.db, senderId);
  if (!sender) throw AppError.unauthorized();
  // Counts toward the login lockout, and refuses while the account is locked.
  await confirmPassword(ctx, senderId, input.password);
  // The schema enforces the minimum; transferQuote re-checks it (a RangeError would be a bug, not a refusal).
  const quote = transferQuote(input.amount, 1);
  const reference = transferReference(senderId, idempotencyKey);

  return ctx.db.transaction(async (tx) => {
    const recipient = await findUserByEmail(tx, input.recipientEmail);
    if (recipient?.id === senderId) throw AppError.badRequest(TRANSFER_MESSAGES.selfTransfer);

    if (idempotencyKey && (await postingExists(tx, reference))) {
      // A retry: post() answers the first posting when it is the same transfer, else 409.
      if (!recipient) throw new AppError(409, TRANSFER_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
      const replayed = await postTransfer(tx, transferPosting(reference, sender, recipient, quote, false));
      return answer(tx, senderId, recipient, quote, replayed.reference);
    }

    if (!recipient || !isEligibleRecipient(recipient)) throw AppError.notFound(TRANSFER_MESSAGES.recipientNotFound);

    const posting = transferPosting(reference, sender, recipient, quote, !idempotencyKey);
    for (let attempt = 1; ; attempt++) {
      const short = await refusalNow(tx, senderId, quote);
      if (short) {
        // A concurrent twin under the same key may have spent the balance: then this is its replay.
        if (idempotencyKey && (await postingExists(tx, reference))) {
          await postTransfer(tx, { ...posting, newReference: false });
          break;
        }
        throw short;
      }
      try {
        const posted = await postTransfer(tx, posting);
        // A twin under the same key that committed while we waited is a replay: it recorded the event.
        if (!posted.replayed) {
          await recordEvent(
            tx,
            transferCompleted,
            { reference, fromUserId: senderId, toUserId: recipient.id, credits: quote.totalCredits, feeKobo: quote.feeKobo },
            { actorId: senderId },
          );
        }
        break;
      } catch (err) {
        const refused = isAppError(err) && (err.errorType === 'INSUFFICIENT_CREDITS' || err.errorType === 'INSUFFICIENT_BALANCE');
        if (!refused) throw err;
        // Refused against balances that moved after we read them: read them again, then answer or retry.
        if (attempt >= LEDGER_ATTEMPTS) throw (await refusalNow(tx, senderId, quote)) ?? err;
      }
    }
    return answer(tx, senderId, recipient, quote, reference);
  });
}

async function answer(
  tx: Tx,
  senderId: string,
  recipient: TransferUserRow,
  quote: TransferQuote,
  reference: string,
): Promise<TCreditTransferDone> {
  const after = await userBalances(tx, senderId);
  return {
    reference,
    recipient: toTransferUser(recipient),
    amount: quote.creditsPerRecipient,
    fee: quote.feeKobo,
    voteCredits: unitsToCredits(after.creditUnits),
    balance: after.walletKobo,
  };
}

// ---------- history ----------

function historyItem(row: TransferLineRow): TTransferHistoryItem {
  const m = row.metadata;
  const metadata = {
    ...(m.recipientName !== undefined ? { recipientName: m.recipientName } : {}),
    ...(m.senderName !== undefined ? { senderName: m.senderName } : {}),
  };
  const base = { id: String(row.id), reference: row.reference, createdAt: row.createdAt.toISOString(), metadata };
  if (row.asset === 'NGN') {
    return {
      ...base,
      type: 'vote_credit_transfer_fee',
      voteCredits: 0,
      amount: row.amount,
      description: `Transfer fee for sending vote credits to ${m.recipientName ?? 'another user'}`,
    };
  }
  const credits = unitsToCredits(row.amount);
  if (row.amount < 0) {
    return {
      ...base,
      type: 'vote_credit_transfer_sent',
      voteCredits: credits,
      amount: 0,
      description: `Sent ${formatNumber(-credits)} vote credits to ${m.recipientName ?? 'another user'}`,
    };
  }
  return {
    ...base,
    type: 'vote_credit_transfer_received',
    voteCredits: credits,
    amount: 0,
    description: `Received ${formatNumber(credits)} vote credits from ${m.senderName ?? 'another user'}`,
  };
}

/** GET /api/vote-credit-transfers/history: the caller's sent, received and fee rows, newest first. */
export async function transferHistory(ctx: AppContext, userId: string, q: TTransferHistoryQuery): Promise<TTransferHistoryPage> {
  const { rows, total } = await listTransferLines(ctx.db, userId, { limit: q.limit, offset: (q.page - 1) * q.limit });
  return {
    transactions: rows.map(historyItem),
    pagination: pageOf(q, total),
  };
}

// ---------- recipient search ----------

/** GET /api/vote-credit-transfers/search-users?q: people the caller may send credits to. */
export async function searchUsers(ctx: AppContext, callerId: string, q: string): Promise<{ users: TTransferUser[] }> {
  const found = await searchRecipients(ctx.db, callerId, q, TRANSFER_SEARCH_LIMIT);
  return { users: found.map(toTransferUser) };
}
