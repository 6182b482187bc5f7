/**
 * Queries of the wallet: the payout bank account (its own table), and the wallet as a read model
 * over the ledger, read through the ledger's read API. A user's naira wallet is the ledger account
 * `user:<id>:NGN` and their vote credits `user:<id>:CREDIT`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bankAccounts } from '../../db/schema/index.js';
import { accounts, type Asset } from '../ledger/accounts.js';
import { accountByCode, flowsByAsset, inflowOfKind, movements, openAccount, ownedAccounts, type AccountRow } from '../ledger/ledger.js';

const USER_ACCOUNT_KINDS = ['user_wallet', 'user_credits'];

export type WalletAccountRow = AccountRow;
export type { MovementFilter, MovementRow } from '../ledger/ledger.js';

/** The user's naira ledger account, if it was ever opened. */
export function findWalletAccount(db: DbOrTx, userId: string): Promise<WalletAccountRow | undefined> {
  return accountByCode(db, accounts.userWallet(userId).code);
}

/**
 * Opens the user's naira account with a zero balance (no journal line, so nothing can drift);
 * a no-op when it exists, including when a concurrent call opened it first. True when this call
 * opened it.
 */
export function openWalletAccount(db: DbOrTx, userId: string): Promise<boolean> {
  return openAccount(db, accounts.userWallet(userId));
}

/** The user's own accounts (naira wallet and vote credits) that exist, by asset. */
export function userAccounts(db: DbOrTx, userId: string): Promise<Array<{ id: string; asset: Asset }>> {
  return ownedAccounts(db, userId, USER_ACCOUNT_KINDS);
}

/** Kobo won as contest prizes into a naira account, and how many prizes. */
export async function winnings(db: DbOrTx, walletAccountId: string | undefined): Promise<{ kobo: number; prizes: number }> {
  if (!walletAccountId) return { kobo: 0, prizes: 0 };
  const won = await inflowOfKind(db, walletAccountId, 'contest_payout');
  return { kobo: won.amount, prizes: won.lines };
}

/** Journal lines of the given accounts, newest first (the journal id grows with every post). */
export const listMovements = movements;

export { flowsByAsset };

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** The user's payout account, if they added one. */
export async function findBankAccount(db: DbOrTx, userId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return row;
}

export type NewBankAccount = Pick<
  typeof bankAccounts.$inferInsert,
  'userId' | 'bankCode' | 'bankName' | 'accountNumber' | 'accountName' | 'gateway' | 'verifiedAt'
>;

/**
 * Writes the user's one payout account. The gateway's transfer recipient is kept only when the
 * account (number, bank and gateway) is unchanged; a different account needs a new recipient.
 */
export async function upsertBankAccount(db: DbOrTx, input: NewBankAccount): Promise<BankAccountRow> {
  const [row] = await db
    .insert(bankAccounts)
    .values({ ...input, updatedAt: input.verifiedAt })
    .onConflictDoUpdate({
      target: bankAccounts.userId,
      set: {
        bankCode: input.bankCode,
        bankName: input.bankName,
        accountNumber: input.accountNumber,
        accountName: input.accountName,
        gateway: input.gateway,
        verifiedAt: input.verifiedAt,
        updatedAt: input.verifiedAt,
        recipientCode: sql`case when ${bankAccounts.accountNumber} = excluded.account_number
          and ${bankAccounts.bankCode} = excluded.bank_code and ${bankAccounts.gateway} = excluded.gateway
          then ${bankAccounts.recipientCode} else null end`,
      },
    })
    .returning();
  return row!;
}

/** Remembers the gateway's transfer recipient of the user's account, if it is still that account. */
export async function saveBankRecipientCode(
  db: DbOrTx,
  account: { userId: string; bankCode: string; accountNumber: string; gateway: BankAccountRow['gateway'] },
  recipientCode: string,
): Promise<void> {
  await db
    .update(bankAccounts)
    .set({ recipientCode })
    .where(
      and(
        eq(bankAccounts.userId, account.userId),
        eq(bankAccounts.bankCode, account.bankCode),
        eq(bankAccounts.accountNumber, account.accountNumber),
        eq(bankAccounts.gateway, account.gateway),
      ),
    );
}
