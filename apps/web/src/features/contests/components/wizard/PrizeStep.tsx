import { Link } from 'react-router';
import { Coins, Landmark, RefreshCw } from 'lucide-react';
import {
  BADGE_CONTEST_CREDIT_COST,
  CONTEST_LIMITS,
  ESCROW_FEE_PERCENT,
  WALLET_COVER_PERCENT,
  formatNaira,
  formatNumber,
  paths,
} from '@contesthub/shared';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/card';
import { TextField } from '../../../../components/ui/field';
import { cn } from '../../../../lib/cn';
import { amountToKobo, groupThousands, itemError, sanitizeAmount } from '../../lib/wizard';
import { ChipListField, RadioCards } from './controls';
import type { StepProps } from './step-props';

export type WalletState = { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; balance: number };

/** What the winner receives: the prize less the escrow fee (rounded as the payout rounds it). */
export const winnerShare = (kobo: number) => kobo - Math.floor((kobo * ESCROW_FEE_PERCENT) / 100);

/**
 * Step 2 (spec 001 §5, §9): badge contests cost 500 vote credits; cash prizes move from the
 * wallet into escrow when the contest is created. The balance is green when it covers 105%.
 */
export function PrizeStep({ form, update, error, disabled, credits, wallet }: StepProps & { credits: number; wallet: WalletState }) {
  const isBadge = form.prizeType === 'badge';
  return (
    <div className="space-y-5">
      <RadioCards
        legend="Prize type"
        name="prizeType"
        value={form.prizeType}
        onChange={(prizeType) => update({ prizeType })}
        options={[
          {
            value: 'badge',
            label: 'Badge',
            description: `A winner's badge; costs ${formatNumber(BADGE_CONTEST_CREDIT_COST)} vote credits.`,
          },
          { value: 'cash', label: 'Cash', description: 'Naira from your wallet, held in escrow.' },
          { value: 'cashanditem', label: 'Cash and items', description: 'A cash prize plus listed items.' },
        ]}
        error={error('prizeType')}
      />

      {isBadge ? (
        <>
          <TextField
            id="contest-badge-title"
            label="Badge title"
            required
            value={form.badgeTitle}
            maxLength={CONTEST_LIMITS.badgeTitle}
            error={error('badgeTitle')}
            disabled={disabled}
            placeholder="e.g. Night Photographer 2026"
            onChange={(e) => update({ badgeTitle: e.target.value })}
          />
          <BadgeCost credits={credits} />
        </>
      ) : (
        <>
          <TextField
            id="contest-prize-amount"
            label="Prize amount (₦)"
            required
            inputMode="decimal"
            autoComplete="off"
            value={groupThousands(form.prizeAmount)}
            error={error('prizeAmount')}
            disabled={disabled}
            placeholder="e.g. 50,000"
            onChange={(e) => update({ prizeAmount: sanitizeAmount(e.target.value) })}
          />
          <WalletCover prize={amountToKobo(form.prizeAmount)} wallet={wallet} />
          {form.prizeType === 'cashanditem' && (
            <ChipListField
              id="contest-prize-items"
              label="Prize items"
              itemName="prize item"
              required
              items={form.prizeItems}
              onChange={(prizeItems) => update({ prizeItems })}
              max={CONTEST_LIMITS.prizeItems}
              maxLength={CONTEST_LIMITS.prizeItemLength}
              check={(v) => itemError('prizeItems', v)}
              error={error('prizeItems')}
              hint={`Up to ${CONTEST_LIMITS.prizeItems} items, ${CONTEST_LIMITS.prizeItemLength} characters each.`}
              placeholder="e.g. Canon EOS R50 camera"
            />
          )}
        </>
      )}
    </div>
  );
}

function BadgeCost({ credits }: { credits: number }) {
  const short = Math.max(0, BADGE_CONTEST_CREDIT_COST - credits);
  return (
    <div
      data-testid="badge-cost"
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4 text-sm',
        short ? 'border-red-500/40 bg-red-500/10' : 'border-emerald-500/40 bg-emerald-500/10',
      )}
    >
      <Coins className={cn('mt-0.5 h-5 w-5 shrink-0', short ? 'text-red-300' : 'text-emerald-300')} aria-hidden />
      <div className="min-w-0 space-y-1">
        <p className="text-slate-200">
          A badge contest costs <strong>{formatNumber(BADGE_CONTEST_CREDIT_COST)} vote credits</strong>, taken when the contest is created.
        </p>
        <p className={short ? 'text-red-300' : 'text-emerald-300'}>
          Your vote credits: <strong>{formatNumber(credits)}</strong>
          {short ? ` (${formatNumber(short)} more needed)` : ''}
        </p>
        {short > 0 && (
          <Link to={paths.dashboard.voteCredits()} className="inline-block font-semibold text-emerald-300 underline hover:text-emerald-200">
            Buy vote credits
          </Link>
        )}
      </div>
    </div>
  );
}

function WalletCover({ prize, wallet }: { prize: number; wallet: WalletState }) {
  if (wallet.status === 'loading') {
    return (
      <div role="status" aria-label="Loading wallet balance" className="space-y-2 rounded-xl border border-slate-800 p-4">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-64" />
      </div>
    );
  }
  if (wallet.status === 'error') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200"
      >
        <span className="flex-1">Failed to load wallet</span>
        <Button size="sm" variant="outline" onClick={wallet.retry} icon={<RefreshCw className="h-4 w-4" aria-hidden />}>
          Try Again
        </Button>
      </div>
    );
  }
  const { balance } = wallet;
  const covers = prize > 0 && balance >= prize;
  const comfortable = prize > 0 && balance * 100 >= prize * WALLET_COVER_PERCENT;
  const short = prize > 0 ? Math.max(0, prize - balance) : 0;
  const tone = prize === 0 ? 'neutral' : comfortable ? 'green' : covers ? 'amber' : 'red';
  return (
    <div
      data-testid="wallet-cover"
      data-tone={tone}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4 text-sm',
        tone === 'neutral' && 'border-slate-800 bg-slate-900/60',
        tone === 'green' && 'border-emerald-500/40 bg-emerald-500/10',
        tone === 'amber' && 'border-amber-500/40 bg-amber-500/10',
        tone === 'red' && 'border-red-500/40 bg-red-500/10',
      )}
    >
      <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-slate-300" aria-hidden />
      <div className="min-w-0 space-y-1">
        <p
          className={cn(
            tone === 'green' && 'text-emerald-300',
            tone === 'amber' && 'text-amber-300',
            tone === 'red' && 'text-red-300',
            tone === 'neutral' && 'text-slate-200',
          )}
        >
          Wallet balance: <strong>{formatNaira(balance)}</strong>
          {short > 0 ? ` (${formatNaira(short)} more needed)` : ''}
        </p>
        <p className="text-slate-300">
          The prize moves from your wallet into escrow when the contest is created. A {ESCROW_FEE_PERCENT}% escrow fee is taken when it is
          paid out, so the winner receives {100 - ESCROW_FEE_PERCENT}%
          {prize > 0 ? (
            <>
              {' '}
              (<strong>{formatNaira(winnerShare(prize))}</strong> of {formatNaira(prize)})
            </>
          ) : null}
          .
        </p>
        {short > 0 && (
          <Link to={paths.dashboard.wallet()} className="inline-block font-semibold text-emerald-300 underline hover:text-emerald-200">
            Add money to your wallet
          </Link>
        )}
      </div>
    </div>
  );
}
