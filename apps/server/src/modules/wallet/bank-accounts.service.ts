/**
 * Banks and the wallet's payout account (spec 001 §2 Wallet, §5 Add bank account, §7): the bank list
 * and account-name resolve come from the payment gateway; the account name stored is always the one
 * the gateway resolved, never one a client sent.
 */
import type { TBank, TBankAccountAnswer, TBankAccountRequest, TResolvedAccount } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isGatewayError, type PaymentGateway } from '../../lib/payments/index.js';
import { recordEvent } from '../../lib/events/index.js';
import { bankAccountChanged } from './wallet.events.js';
import { bankAccountView } from './wallet.service.js';
import { findBankAccount, upsertBankAccount } from './wallet.repository.js';

export const BANK_ACCOUNT_MESSAGES = {
  /** The spec's success text (001 §8 Wallet). */
  added: 'Bank account added successfully',
  /** Not given by the spec. */
  unresolvable: 'We could not verify this account number with the selected bank',
  /** Not given by the spec. */
  unknownBank: 'Unknown bank. Please select your bank from the list',
  /** Not given by the spec. */
  banksUnavailable: 'We could not load the list of banks. Please try again in a moment.',
  /** Not given by the spec. */
  bankUnreachable: 'We could not reach the bank to verify this account. Please try again in a moment.',
} as const;

/** How long a process keeps the gateway's bank list. */
export const BANK_LIST_TTL_MS = 60 * 60 * 1000;

interface CachedBanks {
  banks: TBank[];
  expiresAt: number;
}

/** Per gateway (tests run several apps in one process), per process. */
const bankCache = new WeakMap<PaymentGateway, CachedBanks>();
const bankLoads = new WeakMap<PaymentGateway, Promise<TBank[]>>();

async function loadBanks(ctx: AppContext): Promise<TBank[]> {
  try {
    const banks = await ctx.gateway.listBanks();
    return banks.map((b) => ({ code: b.code, name: b.name })).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  } catch (err) {
    ctx.log.warn({ err }, 'bank list failed at the gateway');
    throw new AppError(503, BANK_ACCOUNT_MESSAGES.banksUnavailable, 'SERVICE_UNAVAILABLE');
  }
}

/** GET /api/wallet/banks: the gateway's banks sorted by name, kept for an hour; concurrent misses share one call. */
export async function listBanks(ctx: AppContext): Promise<TBank[]> {
  const gateway = ctx.gateway;
  const cached = bankCache.get(gateway);
  if (cached && cached.expiresAt > now().getTime()) return cached.banks;
  let load = bankLoads.get(gateway);
  if (!load) {
    load = loadBanks(ctx)
      .then((banks) => {
        bankCache.set(gateway, { banks, expiresAt: now().getTime() + BANK_LIST_TTL_MS });
        return banks;
      })
      .finally(() => bankLoads.delete(gateway));
    bankLoads.set(gateway, load);
  }
  return load;
}

async function bankByCode(ctx: AppContext, bankCode: string): Promise<TBank> {
  const bank = (await listBanks(ctx)).find((b) => b.code === bankCode);
  if (!bank) throw AppError.badRequest(BANK_ACCOUNT_MESSAGES.unknownBank);
  return bank;
}

/** Asks the gateway whose account this is. A refusal is the user's to fix (400); an outage is ours (503). */
async function resolveName(ctx: AppContext, accountNumber: string, bankCode: string): Promise<string> {
  try {
    return (await ctx.gateway.resolveAccount(accountNumber, bankCode)).accountName;
  } catch (err) {
    if (isGatewayError(err) && (err.code === 'rejected' || err.code === 'not_found' || err.code === 'invalid_request')) {
      throw AppError.badRequest(BANK_ACCOUNT_MESSAGES.unresolvable);
    }
    ctx.log.warn({ err, bankCode }, 'account resolve failed at the gateway');
    throw new AppError(503, BANK_ACCOUNT_MESSAGES.bankUnreachable, 'SERVICE_UNAVAILABLE');
  }
}

/** GET /api/wallet/resolve-account?accountNumber&bankCode. */
export async function resolveAccount(ctx: AppContext, input: TBankAccountRequest): Promise<TResolvedAccount> {
  await bankByCode(ctx, input.bankCode);
  const accountName = await resolveName(ctx, input.accountNumber, input.bankCode);
  return { accountName, accountNumber: input.accountNumber, bankCode: input.bankCode };
}

/** GET /api/wallet/bank-account. */
export async function getBankAccount(ctx: AppContext, userId: string): Promise<TBankAccountAnswer> {
  const row = await findBankAccount(ctx.db, userId);
  return { bankAccount: row ? bankAccountView(row) : null };
}

/**
 * POST /api/wallet/bank-account {accountNumber, bankCode}: resolves the name with the gateway and
 * writes the user's one payout account (a changed account drops the old transfer recipient). When
 * it replaces a different account, a wallet.bank_account_changed event is recorded with the change,
 * and the user is mailed from it (wallet-mails.subscriber.ts): their withdrawals now go elsewhere.
 */
export async function saveBankAccount(ctx: AppContext, userId: string, input: TBankAccountRequest): Promise<TBankAccountAnswer> {
  const bank = await bankByCode(ctx, input.bankCode);
  const accountName = await resolveName(ctx, input.accountNumber, input.bankCode);
  const at = now();
  const row = await ctx.db.transaction(async (tx) => {
    const previous = await findBankAccount(tx, userId);
    const saved = await upsertBankAccount(tx, {
      userId,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: input.accountNumber,
      accountName,
      gateway: ctx.gateway.name,
      verifiedAt: at,
    });
    if (previous && (previous.bankCode !== saved.bankCode || previous.accountNumber !== saved.accountNumber)) {
      await recordEvent(
        tx,
        bankAccountChanged,
        { userId, bankName: saved.bankName, accountLast4: saved.accountNumber.slice(-4), at: at.toISOString() },
        { actorId: userId },
      );
    }
    return saved;
  });
  return { bankAccount: bankAccountView(row) };
}
