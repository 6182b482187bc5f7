import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { formatDateTime, formatNaira, type TWalletTransaction, creditsText, ledgerKindLabel } from '@contesthub/shared';
import { Badge } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { signedAmount } from '../lib/transactions';

/** Movements as a list: what, when, asset, signed amount and the balance after it. */
export function TransactionList({ transactions }: { transactions: TWalletTransaction[] }) {
  return (
    <ul className="divide-y divide-slate-800">
      {transactions.map((t) => {
        const incoming = t.direction === 'credit';
        const Icon = incoming ? ArrowDownLeft : ArrowUpRight;
        return (
          <li key={t.id} className="flex items-start gap-3 px-4 py-3 sm:px-6" data-testid="wallet-transaction">
            <span
              className={cn(
                'mt-0.5 grid h-9 w-9 shrink-0 place-items-center rounded-full',
                incoming ? 'bg-emerald-500/15 text-emerald-300' : 'bg-red-500/15 text-red-300',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              <span className="sr-only">{incoming ? 'Money in' : 'Money out'}</span>
            </span>
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-medium">{t.description}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
                <Badge tone={t.asset === 'NGN' ? 'green' : 'amber'}>{t.asset === 'NGN' ? 'Naira' : 'Vote credits'}</Badge>
                <span>{ledgerKindLabel(t.kind)}</span>
                <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
              </div>
            </div>
            <div className="shrink-0 text-right">
              <p className={cn('text-sm font-semibold', incoming ? 'text-emerald-300' : 'text-red-300')}>{signedAmount(t)}</p>
              <p className="text-xs text-slate-400">
                Balance {t.asset === 'NGN' ? formatNaira(t.balanceAfter) : creditsText(t.balanceAfter)}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
