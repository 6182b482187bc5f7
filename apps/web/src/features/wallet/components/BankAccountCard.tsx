import { BadgeCheck, Landmark } from 'lucide-react';
import type { TBankAccount } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';

/** The wallet's payout account (bank, number, name, Verified) with Change; or the way to add one. */
export function BankAccountCard({ account, onChange }: { account: TBankAccount | null; onChange: () => void }) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="font-semibold">Bank Account</h3>
        {account && (
          <Button variant="outline" size="sm" onClick={onChange}>
            Change
          </Button>
        )}
      </div>
      {account ? (
        <div className="mt-4 flex items-start gap-3" data-testid="bank-account">
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-sky-500/15 text-sky-300">
            <Landmark className="h-5 w-5" aria-hidden />
          </span>
          <dl className="min-w-0 flex-1 space-y-0.5 text-sm">
            <dt className="sr-only">Account name</dt>
            <dd className="flex flex-wrap items-center gap-2 font-semibold break-words">
              {account.accountName}
              {account.isVerified && (
                <Badge tone="green">
                  <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
                  Verified
                </Badge>
              )}
            </dd>
            <dt className="sr-only">Bank</dt>
            <dd className="break-words text-slate-300">{account.bankName}</dd>
            <dt className="sr-only">Account number</dt>
            <dd className="font-mono text-slate-400">{account.accountNumber}</dd>
          </dl>
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-400">
            Add the bank account your withdrawals are paid to. We confirm the account name with your bank.
          </p>
          <Button variant="outline" icon={<Landmark className="h-4 w-4" aria-hidden />} onClick={onChange}>
            Add Bank Account
          </Button>
        </div>
      )}
    </Card>
  );
}
