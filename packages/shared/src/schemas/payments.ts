/**
 * Request contracts of issue 5 (spec 001 §5, §7, §8): wallet deposits and withdrawals, bank accounts,
 * payment verification, vote-credit purchases and history, credit transfers and subscriptions.
 * A form and its route validate with the same schema; messages are the spec's (PAYMENT_MESSAGES).
 *
 * Units on the wire: every naira amount is integer kobo, in requests and answers alike (wallet `amount` of
 * deposit and withdraw included); vote-credit and transfer `amount` are whole vote credits. The forms take
 * whole naira as typed in the spec's digits-only field (ZDepositForm, ZWithdrawForm) and send kobo.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import {
  CUSTOM_CREDIT_PURCHASE_MAX_CREDITS,
  PAID_SUBSCRIPTION_TIERS,
  PAYMENT_MESSAGES as M,
  SUBSCRIPTION_DURATIONS,
  TRANSFER_MIN_CREDITS,
} from '../money-rules.js';
import { VOTE_CREDIT_PACKAGE_IDS } from '../enums.js';
import { zEmail } from './auth.js';
import { pageQuery } from './pagination.js';
import { KOBO_PER_NAIRA, type Kobo } from '../money.js';

// ---------- building blocks ----------

/**
 * Forms hold amounts as text ('10,000'): a string of digits (thousands separators and spaces allowed) becomes
 * a number, a blank string becomes undefined, anything else is left for the schema to refuse.
 */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const compact = v.replace(/[\s,]/g, '');
    if (compact === '') return undefined;
    return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : v;
  }, schema);

/** Largest deposit or withdrawal in one request, in naira: a guard against typos, not a product rule. */
export const WALLET_AMOUNT_MAX_NAIRA = 10_000_000;

/** Whole naira as typed in a form, 1 to WALLET_AMOUNT_MAX_NAIRA; every refusal reads 'Enter a valid amount'. */
export const zNairaAmount = numeric(
  z.number({ error: M.validAmount }).int(M.validAmount).min(1, M.validAmount).max(WALLET_AMOUNT_MAX_NAIRA, M.validAmount),
);

/** The same range on the wire: integer kobo, ₦1 (100 kobo) to WALLET_AMOUNT_MAX_NAIRA. */
export const zKoboAmount = z
  .number({ error: M.validAmount })
  .int(M.validAmount)
  .min(KOBO_PER_NAIRA, M.validAmount)
  .max(WALLET_AMOUNT_MAX_NAIRA * KOBO_PER_NAIRA, M.validAmount)
  .meta({ description: 'Amount in kobo (integer; ₦1 = 100 kobo)' })
  .transform((v) => v as Kobo);

/** Paystack's rule for references: letters, digits, '-', '.' and '='. */
const REFERENCE = /^[A-Za-z0-9.=-]+$/;

export const zPaymentReference = z
  .string({ error: M.referenceRequired })
  .trim()
  .min(1, { error: M.referenceRequired, abort: true })
  .max(100, M.invalidReference)
  .regex(REFERENCE, M.invalidReference);

// ---------- wallet ----------

/** POST /api/wallet/deposit. `callbackUrl` is where the gateway sends the browser back (http or https). */
const zCallbackUrl = z.url({ protocol: /^https?$/, error: 'Invalid callback URL' }).optional();
export const ZDepositRequest = z.object({ amount: zKoboAmount, callbackUrl: zCallbackUrl });
export type TDepositRequest = z.infer<typeof ZDepositRequest>;
export type TDepositRequestInput = z.input<typeof ZDepositRequest>;

/** The Deposit form: whole naira as typed; the dialog sends ZDepositRequest with kobo. */
export const ZDepositForm = z.object({ amount: zNairaAmount, callbackUrl: zCallbackUrl });

/** POST /api/wallet/verify-deposit, /api/vote-credits/verify, /api/subscriptions/verify. */
export const ZVerifyPaymentRequest = z.object({ reference: zPaymentReference });
export type TVerifyPaymentRequest = z.infer<typeof ZVerifyPaymentRequest>;

/** POST /api/wallet/withdraw: paid to the wallet's verified bank account; the spec's `bankAccount` field is ignored. */
const zAccountPassword = z.string({ error: M.accountPassword }).min(6, M.accountPassword).max(128, M.accountPassword);
export const ZWithdrawRequest = z.object({ amount: zKoboAmount, password: zAccountPassword });
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;
export type TWithdrawRequestInput = z.input<typeof ZWithdrawRequest>;

/** The Withdraw form: whole naira as typed; the dialog sends ZWithdrawRequest with kobo. */
export const ZWithdrawForm = z.object({ amount: zNairaAmount, password: zAccountPassword });

/** POST /api/wallet/bank-account and GET /api/wallet/resolve-account?accountNumber&bankCode. */
export const ZBankAccountRequest = z.object({
  accountNumber: z
    .string({ error: M.bankAccountRequired })
    .trim()
    .min(1, { error: M.bankAccountRequired, abort: true })
    .regex(/^\d{10}$/, M.accountNumberDigits),
  bankCode: z.string({ error: M.bankAccountRequired }).trim().min(1, M.bankAccountRequired).max(20, M.bankAccountRequired),
});
export type TBankAccountRequest = z.infer<typeof ZBankAccountRequest>;

// ---------- vote credits ----------

/**
 * POST /api/vote-credits/purchase: exactly one of `package` (an id) or `amount` (whole vote credits, priced
 * at CUSTOM_CREDIT_PRICE_KOBO each). A blank or null field counts as absent.
 */
export const ZVoteCreditPurchaseRequest = z
  .object({
    package: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.enum(VOTE_CREDIT_PACKAGE_IDS, { error: M.invalidPackage }).optional(),
    ),
    amount: z.preprocess(
      (v) => (v === null ? undefined : v),
      numeric(
        z
          .number({ error: M.positiveAmount })
          .positive(M.positiveAmount)
          .int(M.wholeCredits)
          .max(CUSTOM_CREDIT_PURCHASE_MAX_CREDITS, M.maxCustomCredits)
          .optional(),
      ),
    ),
  })
  .refine((v) => (v.package === undefined) !== (v.amount === undefined), { error: M.packageOrAmount });
export type TVoteCreditPurchaseRequest = z.infer<typeof ZVoteCreditPurchaseRequest>;

/** What the purchase route takes: the request plus where the gateway sends the payer back (as for deposits). */
export const ZVoteCreditPurchaseBody = z.intersection(ZVoteCreditPurchaseRequest, z.object({ callbackUrl: zCallbackUrl }));
export type TVoteCreditPurchaseBody = z.infer<typeof ZVoteCreditPurchaseBody>;

export const VOTE_CREDIT_TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const;

/** GET /api/vote-credits/transactions and /api/transactions/vote-credits (the wallet screen asks 50). */
export const ZVoteCreditTransactionsQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.voteCreditTransactions }),
  /** e.g. vote_credit_purchase, vote_spend. */
  type: z.string().trim().min(1).max(64).optional(),
  status: z.enum(VOTE_CREDIT_TRANSACTION_STATUSES).optional(),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
});
export type TVoteCreditTransactionsQuery = z.infer<typeof ZVoteCreditTransactionsQuery>;

// ---------- transfers ----------

/** POST /api/vote-credit-transfers/transfer: one recipient per call; `amount` whole credits, 10 or more. */
export const ZCreditTransferRequest = z.object({
  recipientEmail: z.string({ error: M.transferFieldsRequired }).trim().min(1, M.transferFieldsRequired).pipe(zEmail),
  amount: numeric(z.number({ error: M.transferFieldsRequired }).int(M.wholeCredits).min(TRANSFER_MIN_CREDITS, M.transferMinimum)),
  password: z.string({ error: M.transferFieldsRequired }).min(1, M.transferFieldsRequired),
});
export type TCreditTransferRequest = z.infer<typeof ZCreditTransferRequest>;

/** GET /api/vote-credit-transfers/history?page&limit (the screen asks 10). */
export const ZTransferHistoryQuery = z.object(pageQuery({ defaultLimit: PAGE_SIZES.transferHistory }));
export type TTransferHistoryQuery = z.infer<typeof ZTransferHistoryQuery>;

// ---------- subscriptions ----------

export const SUBSCRIPTION_PAYMENT_METHODS = ['paystack', 'wallet'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];
/** How a subscription was paid, as its record holds it: card, wallet, or none (the free trial). */
export const SUBSCRIPTION_PAID_BY = [...SUBSCRIPTION_PAYMENT_METHODS, 'none'] as const;
export type SubscriptionPaidBy = (typeof SUBSCRIPTION_PAID_BY)[number];

const zDuration = z.enum(SUBSCRIPTION_DURATIONS, { error: M.selectDuration });

/** POST /api/subscriptions/initialize: wallet pays at once, paystack returns an authorization URL. */
export const ZSubscriptionInitializeRequest = z.object({
  tier: z.enum(PAID_SUBSCRIPTION_TIERS, { error: M.selectTier }),
  duration: zDuration,
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS, { error: M.selectPaymentMethod }),
});
export type TSubscriptionInitializeRequest = z.infer<typeof ZSubscriptionInitializeRequest>;

export const SUBSCRIPTION_CANCEL_REASON_MAX = 500;

/** POST /api/subscriptions/cancel: premium stays until the end date. */
export const ZSubscriptionCancelRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(SUBSCRIPTION_CANCEL_REASON_MAX, `Reason cannot exceed ${SUBSCRIPTION_CANCEL_REASON_MAX} characters`)
    .optional(),
});
export type TSubscriptionCancelRequest = z.infer<typeof ZSubscriptionCancelRequest>;

/** POST /api/subscriptions/extend. */
export const ZSubscriptionExtendRequest = z.object({ duration: zDuration });
export type TSubscriptionExtendRequest = z.infer<typeof ZSubscriptionExtendRequest>;
