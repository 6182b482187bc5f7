/**
 * The composition root's lists (with app.ts): which modules pay through the payments module, which
 * jobs run, which subscribers listen to the domain events. A new capability is a module plus a few
 * lines here; no existing module changes, and no lower module imports a higher one to reach it.
 */
import type { AppContext } from './context.js';
import type { Subscriber } from './lib/events/index.js';
import type { Job } from './lib/jobs.js';
import { sweepRateLimits } from './lib/rate-limit-store.js';
import { sweepStream } from './lib/realtime/index.js';
import { activitySubscriber } from './modules/activity/activity.subscriber.js';
import { securityMailsSubscriber } from './modules/auth/security-mails.subscriber.js';
import { accountMailsSubscriber } from './modules/admin-users/account-mails.subscriber.js';
import { runContestLifecycle } from './modules/contest-settlement/finalize-contest.js';
import { settleDeposit } from './modules/payments/deposits.service.js';
import type { PaymentRegistry } from './lib/payments/registry.js';
import { runPaymentSweep } from './modules/payments/purposes.js';
import { runSubscriptionExpiry, settleSubscriptionPayment } from './modules/subscriptions/subscriptions.service.js';
import { trialSubscriber } from './modules/subscriptions/trial.subscriber.js';
import { settleCreditPurchase } from './modules/vote-credits/vote-credits.service.js';
import { contestTotalsSubscriber } from './modules/votes/contest-totals.subscriber.js';
import { supportMailsSubscriber } from './modules/support/support-mails.subscriber.js';
import { walletMailsSubscriber } from './modules/wallet/wallet-mails.subscriber.js';
import { walletHoldsSubscriber } from './modules/wallet/wallet-holds.subscriber.js';
import type { AnyNotificationKind } from './modules/notifications/notification-type.js';
import { notificationsSubscriber } from './modules/notifications/notifications.subscriber.js';
import { reportWeightingSubscriber } from './modules/moderation/auto-hide.subscriber.js';
import { commentModeratedNotification, contentModeratedNotification } from './modules/notifications/types/content-moderated.js';
import {
  commentModeratedOutcomeNotification,
  reportDismissedNotification,
  reportResolvedNotification,
} from './modules/notifications/types/report-outcome.js';
import { deliverySubscriber } from './modules/notifications/delivery.subscriber.js';
import { runDigest } from './modules/notifications/digest.js';
import { deliverPushes } from './modules/notifications/push-delivery.js';
import { createPushSender } from './lib/web-push.js';
import { commentReceivedNotification } from './modules/notifications/types/comment-received.js';
import { contestEndedNotification } from './modules/notifications/types/contest-ended.js';
import { contestWonNotification } from './modules/notifications/types/contest-won.js';
import { entryReviewedNotification } from './modules/notifications/types/entry-reviewed.js';
import { entrySubmittedNotification } from './modules/notifications/types/entry-submitted.js';
import { paymentFailedNotification } from './modules/notifications/types/payment-failed.js';
import { paymentSuccessNotification } from './modules/notifications/types/payment-success.js';
import {
  bankAccountChangedNotification,
  newDeviceNotification,
  passwordChangedNotification,
  twoFactorChangedNotification,
} from './modules/notifications/types/security-alert.js';
import { planChangedNotification } from './modules/notifications/types/profile-update.js';
import { newContestNotification } from './modules/notifications/types/new-contest.js';
import { messageReceivedNotification } from './modules/notifications/types/message-received.js';
import { transferReceivedNotification } from './modules/notifications/types/transfer-received.js';
import { voteCreditPurchasedNotification } from './modules/notifications/types/vote-credit-purchased.js';
import { voteReceivedNotification } from './modules/notifications/types/vote-received.js';
import { voteVoidedNotification } from './modules/notifications/types/vote-voided.js';
import { withdrawalCompletedNotification } from './modules/notifications/types/withdrawal-completed.js';
import { withdrawalFailedNotification } from './modules/notifications/types/withdrawal-failed.js';
import { accountStrikeNotification } from './modules/notifications/types/account-strike.js';
import { appealDecidedNotification } from './modules/notifications/types/appeal-decided.js';
import { runWithdrawalFollowUp, settleWithdrawal } from './modules/wallet/withdrawals.service.js';
import { DETECTION_INTERVAL_MS, runFraudDetection, scanClosingContests } from './modules/fraud/detection.js';

/** What settles each card payment purpose, and payouts (the Paystack webhook's transfer events). */
export const paymentRegistry: PaymentRegistry<AppContext> = {
  purposes: {
    deposit: settleDeposit,
    credits: settleCreditPurchase,
    subscription: settleSubscriptionPayment,
  },
  settleTransfer: settleWithdrawal,
};

/** The notification types made from the domain events (one file each; modules/notifications/types). */
export const notificationTypes: readonly AnyNotificationKind[] = [
  entrySubmittedNotification,
  entryReviewedNotification,
  voteReceivedNotification,
  commentReceivedNotification,
  contestWonNotification,
  contestEndedNotification,
  paymentSuccessNotification,
  paymentFailedNotification,
  voteCreditPurchasedNotification,
  transferReceivedNotification,
  withdrawalCompletedNotification,
  withdrawalFailedNotification,
  newDeviceNotification,
  passwordChangedNotification,
  twoFactorChangedNotification,
  bankAccountChangedNotification,
  planChangedNotification,
  newContestNotification,
  messageReceivedNotification,
  reportResolvedNotification,
  reportDismissedNotification,
  contentModeratedNotification,
  commentModeratedOutcomeNotification,
  commentModeratedNotification,
  accountStrikeNotification,
  appealDecidedNotification,
  voteVoidedNotification,
];

/** Who listens to the domain events (each idempotent by event id; see lib/events). */
export function subscribers(ctx: Pick<AppContext, 'mailer' | 'realtime' | 'config'>): Subscriber[] {
  return [
    activitySubscriber,
    contestTotalsSubscriber,
    reportWeightingSubscriber,
    trialSubscriber,
    securityMailsSubscriber(ctx.mailer),
    walletMailsSubscriber(ctx.mailer),
    // A banned user's pending withdrawals are held for a person (user.banned).
    walletHoldsSubscriber,
    supportMailsSubscriber(ctx.mailer),
    accountMailsSubscriber(ctx.mailer, ctx.config),
    notificationsSubscriber(notificationTypes, ctx.realtime),
    // Mail and push of the notifications written above, per the person's preferences.
    deliverySubscriber({ mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, kinds: notificationTypes }),
  ];
}

/** How often queued mails are handed to SMTP (or printed, without SMTP). */
export const MAIL_DELIVERY_INTERVAL_MS = 2_000;

/** How often the event dispatcher looks for new events (a recorded event also wakes it). */
export const EVENT_DISPATCH_INTERVAL_MS = 1_000;

/** How often the contest lifecycle (phase moves, payouts) runs. */
export const CONTEST_LIFECYCLE_INTERVAL_MS = 15_000;
/** Card payments nobody came back to verify (payments 5 minutes to a day old). */
export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;
/** Withdrawals whose transfer is not confirmed yet (pending for a minute or more). */
export const WITHDRAWAL_FOLLOW_UP_INTERVAL_MS = 60_000;
/** Subscriptions past their end date. */
export const SUBSCRIPTION_EXPIRY_INTERVAL_MS = 60_000;
/** Queued web-push messages (the delivery subscriber's push_outbox). */
export const PUSH_DELIVERY_INTERVAL_MS = 2_000;
/** The daily digest looks for people away 24 h every quarter hour (each gets one a day at most). */
export const DIGEST_INTERVAL_MS = 15 * 60_000;
/** Rate-limit counters whose window ended (the PostgreSQL store's table; ADR 014). */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 60_000;

/** Stream items past their replay window and expired stream tickets (lib/realtime). */
export const STREAM_SWEEP_INTERVAL_MS = 60_000;

/** The scheduled jobs of every module. */
export function jobsOf(ctx: AppContext): Job[] {
  const pushSender = createPushSender(ctx.config.vapid);
  return [
    {
      name: 'event-dispatch',
      intervalMs: EVENT_DISPATCH_INTERVAL_MS,
      // A lost run is taken over after 30 s; a run stops after 40 rounds (20,000 events per
      // subscriber at most) and the next one follows a second later, so a run stays well inside that.
      expireInSeconds: 30,
      // Batches of 500: under a vote rush each subscriber takes many events per transaction.
      run: () => ctx.events.drain({ batchSize: 500, maxRounds: 40 }),
    },
    {
      name: 'mail-delivery',
      intervalMs: MAIL_DELIVERY_INTERVAL_MS,
      expireInSeconds: 30,
      run: () => ctx.mailer.deliverPending(),
    },
    {
      name: 'push-delivery',
      intervalMs: PUSH_DELIVERY_INTERVAL_MS,
      // Push services answer within the sender's 10 s timeout; a run sends at most 500.
      expireInSeconds: 120,
      run: async () => {
        const { sent, gone, failed } = await deliverPushes(ctx, pushSender);
        if (gone > 0 || failed > 0) ctx.log.info({ sent, gone, failed }, 'push delivery');
      },
    },
    {
      name: 'notification-digest',
      intervalMs: DIGEST_INTERVAL_MS,
      run: async () => {
        const { mailed } = await runDigest(ctx);
        if (mailed > 0) ctx.log.info({ mailed }, 'daily digests queued');
      },
    },
    {
      name: 'contest-lifecycle',
      intervalMs: CONTEST_LIFECYCLE_INTERVAL_MS,
      // Payouts call the gateway: a slow transfer API must not hand the run to a second instance early.
      expireInSeconds: 120,
      run: async () => {
        // The fraud scan of contests about to close comes first: their held votes stay out of the result.
        await scanClosingContests(ctx);
        const result = await runContestLifecycle(ctx);
        if (result.movedToVoting > 0 || result.finalized.length > 0) {
          ctx.log.info(
            { movedToVoting: result.movedToVoting, finalized: result.finalized.map((f) => f.contestId) },
            'contest lifecycle moved contests along',
          );
        }
      },
    },
    {
      name: 'payment-sweep',
      intervalMs: PAYMENT_SWEEP_INTERVAL_MS,
      run: async () => {
        const { examined, credited } = await runPaymentSweep(ctx);
        if (credited > 0) ctx.log.info({ examined, credited }, 'payment sweep credited payments nobody verified');
      },
    },
    {
      name: 'withdrawal-follow-up',
      intervalMs: WITHDRAWAL_FOLLOW_UP_INTERVAL_MS,
      run: async () => {
        const { settled } = await runWithdrawalFollowUp(ctx);
        if (settled > 0) ctx.log.info({ settled }, 'withdrawal follow-up settled pending payouts');
      },
    },
    {
      name: 'fraud-detection',
      // Every 15 minutes while contests vote, and once after each closes (detection.ts).
      intervalMs: DETECTION_INTERVAL_MS,
      expireInSeconds: 300,
      run: async () => {
        const { contests, findings, held } = await runFraudDetection(ctx);
        if (findings > 0) ctx.log.info({ contests, findings, held }, 'fraud detection flagged groups');
      },
    },
    {
      name: 'subscription-expiry',
      intervalMs: SUBSCRIPTION_EXPIRY_INTERVAL_MS,
      run: async () => {
        const { expired } = await runSubscriptionExpiry(ctx);
        if (expired > 0) ctx.log.info({ expired }, 'subscriptions expired');
      },
    },
    {
      name: 'rate-limit-sweep',
      intervalMs: RATE_LIMIT_SWEEP_INTERVAL_MS,
      run: () => sweepRateLimits(ctx.db),
    },
    {
      name: 'stream-sweep',
      intervalMs: STREAM_SWEEP_INTERVAL_MS,
      run: () => sweepStream(ctx.db),
    },
  ];
}
