/**
 * The wallet (spec 001 §2 Wallet, §7): a view of the ledger, never a second copy of a balance.
 * The naira balance is the user's `user:<id>:NGN` account (kobo), vote credits their CREDIT
 * account; the wallet's id and creation date are those of the naira account, opened with a zero
 * balance the first time the wallet is asked for. Every query is scoped to the caller's own
 * accounts, so no one ever sees another user's movements.
 */
import {
  unitsToCredits,
  type TBankAccount,
  type TWallet,
  type TWalletStats,
  type TWalletTransaction,
  type TWalletTransactionsPage,
  type TWalletTransactionsQuery,
  pageOf,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { creditUnitsUsed, userBalances } from '../ledger/ledger.js';
import type { Asset } from '../ledger/accounts.js';
import {
  initializeDeposit,
  verifyDeposit as verifyGatewayDeposit,
  type InitializedDeposit,
  type VerifiedDeposit,
} from '../payments/deposits.service.js';
import {
  findBankAccount,
  findWalletAccount,
  flowsByAsset,
  listMovements,
  openWalletAccount,
  userAccounts,
  winnings,
  type BankAccountRow,
  type MovementRow,
  type WalletAccountRow,
} from './wallet.repository.js';

/** Minor units as the API shows them: kobo stay kobo, credit hundredths become credits. */
const shown = (asset: Asset, units: number) => (asset === 'CREDIT' ? unitsToCredits(units) : units);

async function walletAccount(db: DbOrTx, userId: string): Promise<{ account: WalletAccountRow; opened: boolean }> {
  const existing = await findWalletAccount(db, userId);
  if (existing) return { account: existing, opened: false };
  const opened = await openWalletAccount(db, userId);
  const account = await findWalletAccount(db, userId);
  if (!account) throw new Error(`wallet account of ${userId} could not be opened`);
  return { account, opened };
}

/** The payout account as the API shows it (only verified accounts are ever stored). */
export function bankAccountView(row: BankAccountRow): TBankAccount {
  return {
    bankName: row.bankName,
    bankCode: row.bankCode,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    isVerified: true,
    createdAt: row.createdAt.toISOString(),
  };
}

async function walletView(db: DbOrTx, userId: string, account: WalletAccountRow): Promise<TWallet> {
  const [balances, won, bank] = await Promise.all([userBalances(db, userId), winnings(db, account.id), findBankAccount(db, userId)]);
  return {
    id: account.id,
    userId,
    balance: balances.walletKobo,
    currency: 'NGN',
    voteCredits: unitsToCredits(balances.creditUnits),
    totalWinnings: won.kobo,
    createdAt: account.createdAt.toISOString(),
    bankAccount: bank ? bankAccountView(bank) : null,
  };
}

/** GET /api/wallet: the caller's wallet (opened on first use, so it is never "not found"). */
export async function getWallet(ctx: AppContext, userId: string): Promise<TWallet> {
  const { account } = await walletAccount(ctx.db, userId);
  return walletView(ctx.db, userId, account);
}

/** POST /api/wallet/create: idempotent; answers the same wallet however often it is called. */
export async function createWallet(ctx: AppContext, userId: string): Promise<{ wallet: TWallet; created: boolean }> {
  const { account, opened } = await walletAccount(ctx.db, userId);
  return { wallet: await walletView(ctx.db, userId, account), created: opened };
}

function toTransaction(row: MovementRow): TWalletTransaction {
  return {
    id: String(row.id),
    reference: row.reference,
    kind: row.kind,
    description: row.description,
    asset: row.asset,
    direction: row.amount > 0 ? 'credit' : 'debit',
    amount: shown(row.asset, Math.abs(row.amount)),
    balanceAfter: shown(row.asset, row.balanceAfter),
    status: 'completed',
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/wallet/transactions: the caller's naira and credit movements, newest first. */
export async function listTransactions(ctx: AppContext, userId: string, q: TWalletTransactionsQuery): Promise<TWalletTransactionsPage> {
  const own = await userAccounts(ctx.db, userId);
  const accountIds = own.filter((a) => !q.asset || a.asset === q.asset).map((a) => a.id);
  const { rows, total } = await listMovements(
    ctx.db,
    {
      accountIds,
      direction: q.direction,
      kind: q.type,
      from: q.startDate ? new Date(q.startDate) : undefined,
      to: q.endDate ? new Date(q.endDate) : undefined,
    },
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return {
    transactions: rows.map(toTransaction),
    pagination: pageOf(q, total),
  };
}

/** GET /api/wallet/stats: all-time totals in and out per asset, and prize winnings. */
export async function walletStats(ctx: AppContext, userId: string): Promise<TWalletStats> {
  const own = await userAccounts(ctx.db, userId);
  const naira = own.find((a) => a.asset === 'NGN');
  const [flows, won, used] = await Promise.all([
    flowsByAsset(
      ctx.db,
      own.map((a) => a.id),
    ),
    winnings(ctx.db, naira?.id),
    creditUnitsUsed(ctx.db, userId),
  ]);
  const flow = (asset: Asset) => {
    const f = flows.get(asset) ?? { totalIn: 0, totalOut: 0, transactions: 0 };
    return { totalIn: shown(asset, f.totalIn), totalOut: shown(asset, f.totalOut), transactions: f.transactions };
  };
  return {
    naira: flow('NGN'),
    credits: flow('CREDIT'),
    creditsUsed: unitsToCredits(used),
    totalWinnings: won.kobo,
    prizesWon: won.prizes,
  };
}

/** POST /api/wallet/deposit: a pending payment and the gateway page to pay it on (modules/payments). */
export function deposit(
  ctx: AppContext,
  userId: string,
  input: { amount: number; callbackUrl?: string | undefined },
): Promise<InitializedDeposit> {
  return initializeDeposit(ctx, userId, input);
}

/** POST /api/wallet/verify-deposit: credits a paid deposit exactly once, then answers the wallet. */
export async function verifyDeposit(
  ctx: AppContext,
  userId: string,
  reference: string,
): Promise<{ wallet: TWallet; deposit: VerifiedDeposit }> {
  const verified = await verifyGatewayDeposit(ctx, userId, reference);
  return { wallet: await getWallet(ctx, userId), deposit: verified };
}
