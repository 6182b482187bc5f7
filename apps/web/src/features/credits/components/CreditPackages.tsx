import { useId, useState, type FormEvent } from 'react';
import { Coins, Sparkles } from 'lucide-react';
import {
  creditPurchaseQuote,
  CUSTOM_CREDIT_PURCHASE_MAX_CREDITS,
  formatNaira,
  formatNumber,
  ZVoteCreditPurchaseRequest,
  type TVoteCreditPackages,
  type TVoteCreditPackageView,
  type TVoteCreditPurchaseRequest,
  countOf,
} from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Badge, Card, Skeleton } from '../../../components/ui/card';
import { LoadError, SkeletonGrid } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';
import { fieldErrors } from '../../../lib/forms';
import { useCreditPackages } from '../api/get-credit-packages';
import { usePurchaseCredits } from '../api/purchase-credits';
import { browser, paymentCallbackUrl } from '../../../lib/browser';
import { serverMessageOr } from '../../../lib/errors';
import { CREDIT_MESSAGES as M } from '../lib/messages';
import { AmountField, amountValue } from '../../../components/ui/amount-field';
import { SummaryRow } from '../../../components/ui/summary-row';

type Buying = { package: string } | { amount: true } | null;

/** Starts a purchase and sends the browser to the gateway; one purchase at a time. */
function usePurchase() {
  const toast = useToast();
  const purchase = usePurchaseCredits();
  const [buying, setBuying] = useState<Buying>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string>();

  const buy = (request: TVoteCreditPurchaseRequest) => {
    setError(undefined);
    setBuying(request.package ? { package: request.package } : { amount: true });
    purchase.mutate(
      { ...request, callbackUrl: paymentCallbackUrl() },
      {
        onSuccess: (answer) => {
          if (!answer?.authorizationUrl) {
            setError(M.invalidInitialization);
            toast.error(M.invalidInitialization);
            setBuying(null);
            return;
          }
          setLeaving(true);
          browser.assign(answer.authorizationUrl);
        },
        onError: (err) => {
          const text = serverMessageOr(err, M.paymentFailed);
          setError(text);
          toast.error(text);
          setBuying(null);
        },
      },
    );
  };
  return { buy, buying, busy: purchase.isPending || leaving, error };
}

/**
 * Buy Credits (spec 001 §2, §5, §9): the packages as this user pays for them (premium users see the
 * discount), or a custom number of whole credits with a live quote by the server's own rule
 * (creditPurchaseQuote). Paying happens at the gateway; the browser comes back to payment verification.
 */
export function CreditPackages() {
  const packages = useCreditPackages();
  const purchase = usePurchase();

  return (
    <section className="space-y-4" aria-labelledby="credit-packages-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="credit-packages-heading" className="text-lg font-semibold">
          Vote Credit Packages
        </h3>
        {packages.data?.premium && (
          <Badge tone="violet">
            <Sparkles className="h-3.5 w-3.5" aria-hidden />
            Premium: {packages.data.discountPercent}% off
          </Badge>
        )}
      </div>

      {packages.isPending ? (
        <SkeletonGrid label="Loading packages" count={5} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-52 rounded-2xl" />
        </SkeletonGrid>
      ) : packages.isError ? (
        <LoadError message={M.packagesFailed} onRetry={() => void packages.refetch()} retrying={packages.isFetching} />
      ) : (
        <>
          {packages.data.packages.length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {packages.data.packages.map((p) => (
                <PackageCard
                  key={p.id}
                  pkg={p}
                  feePercent={packages.data.feePercent}
                  busy={purchase.busy}
                  loading={purchase.buying !== null && 'package' in purchase.buying && purchase.buying.package === p.id}
                  onBuy={() => purchase.buy({ package: p.id })}
                />
              ))}
            </ul>
          ) : (
            <Card className="text-center text-sm text-slate-400">
              No packages are on sale right now. You can still buy a custom amount.
            </Card>
          )}
          {purchase.error && (
            <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300">
              {purchase.error}
            </p>
          )}
          <CustomAmount
            terms={packages.data}
            busy={purchase.busy}
            loading={purchase.buying !== null && 'amount' in purchase.buying}
            onBuy={(credits) => purchase.buy({ amount: credits })}
          />
        </>
      )}
    </section>
  );
}

function PackageCard({
  pkg,
  feePercent,
  busy,
  loading,
  onBuy,
}: {
  pkg: TVoteCreditPackageView;
  feePercent: number;
  busy: boolean;
  loading: boolean;
  onBuy: () => void;
}) {
  const price = pkg.price - pkg.discount;
  return (
    <li
      data-testid="credit-package"
      className={cn(
        'relative flex min-w-0 flex-col rounded-2xl border bg-slate-900/60 p-5 shadow-lg shadow-black/20',
        pkg.popular ? 'border-amber-400/60' : 'border-slate-800',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <Coins className="h-5 w-5 text-amber-300" aria-hidden />
          <p className="text-2xl font-bold">{formatNumber(pkg.credits)}</p>
        </div>
        {pkg.popular && <Badge tone="amber">Popular</Badge>}
      </div>
      <p className="text-sm text-slate-400">vote credits</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-2">
        {pkg.discount > 0 && (
          <s className="text-sm text-slate-400">
            <span className="sr-only">Was </span>
            {formatNaira(pkg.price)}
          </s>
        )}
        <span className="text-xl font-semibold text-slate-100">{formatNaira(price)}</span>
      </p>
      <dl className="mt-2 space-y-1 text-xs">
        <SummaryRow label={`Platform fee (${feePercent}%)`} value={formatNaira(pkg.fee)} />
        <SummaryRow label="Total" value={formatNaira(pkg.total)} strong />
      </dl>
      <Button className="mt-4 w-full" variant={pkg.popular ? 'accent' : 'primary'} onClick={onBuy} disabled={busy} loading={loading}>
        Buy {countOf(pkg.credits, 'credit')}
      </Button>
    </li>
  );
}

function CustomAmount({
  terms,
  busy,
  loading,
  onBuy,
}: {
  terms: TVoteCreditPackages;
  busy: boolean;
  loading: boolean;
  onBuy: (credits: number) => void;
}) {
  const formId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const max = Math.min(terms.customMaxCredits, CUSTOM_CREDIT_PURCHASE_MAX_CREDITS);
  const credits = amountValue(text);
  const quote = credits !== null && credits >= 1 && credits <= max ? creditPurchaseQuote({ credits, premium: terms.premium }) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZVoteCreditPurchaseRequest.safeParse({ amount: credits ?? 0 });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setError(found.amount ?? Object.values(found)[0]);
      return;
    }
    if (parsed.data.amount === undefined) return;
    setError(undefined);
    onBuy(parsed.data.amount);
  };

  return (
    <Card className="p-5">
      <h4 className="font-semibold">Custom amount</h4>
      <p className="mt-1 text-sm text-slate-400">
        Any number of whole credits at {formatNaira(terms.customCreditPrice)} each
        {terms.premium ? `, less your ${terms.discountPercent}% premium discount` : ''}.
      </p>
      <form id={formId} noValidate onSubmit={submit} className="mt-4 grid gap-4 md:grid-cols-2">
        <AmountField
          label="Number of credits"
          required
          placeholder="e.g. 75"
          value={text}
          onValueChange={(next) => {
            setText(next);
            setError(undefined);
          }}
          error={error}
        />
        <div className="space-y-3">
          <dl className="space-y-1.5 rounded-xl border border-slate-800 bg-slate-950/40 p-3 text-sm" aria-label="Custom purchase quote">
            <SummaryRow
              label={quote ? `Price (${formatNumber(quote.credits)} × ${formatNaira(terms.customCreditPrice)})` : 'Price'}
              value={quote ? formatNaira(quote.basePriceKobo) : '—'}
              testId="quote-price"
            />
            {terms.premium && (
              <SummaryRow
                label={`Premium discount (${terms.discountPercent}%)`}
                value={quote ? `−${formatNaira(quote.discountKobo)}` : '—'}
                testId="quote-discount"
              />
            )}
            <SummaryRow label={`Platform fee (${terms.feePercent}%)`} value={quote ? formatNaira(quote.feeKobo) : '—'} testId="quote-fee" />
            <SummaryRow label="Total" value={quote ? formatNaira(quote.totalKobo) : '—'} strong ruled testId="quote-total" />
          </dl>
          <Button type="submit" className="w-full" disabled={busy} loading={loading}>
            Buy credits
          </Button>
        </div>
      </form>
    </Card>
  );
}
