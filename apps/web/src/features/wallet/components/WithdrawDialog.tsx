import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { formatNaira, nairaToKobo, WITHDRAWAL_FEE_KOBO, withdrawalQuote, ZWithdrawForm, type TWallet } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Dialog, FormDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { answerLost } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { patchWallet } from '../api/get-wallet';
import { refreshWallet } from '../api/keys';
import { useWithdraw } from '../api/withdraw';
import { serverMessageOr } from '../../../lib/errors';
import { WITHDRAW_MESSAGES as M } from '../lib/messages';
import { AmountField, amountValue } from '../../../components/ui/amount-field';
import { SummaryRow } from '../../../components/ui/summary-row';

/**
 * Withdraw Money (spec 001 §2, §5, §9): whole naira to the wallet's bank account, the account password
 * re-checked by the server, a fixed ₦100 fee on top (total = amount + ₦100, shown as it is typed).
 * Without a bank account the dialog offers to add one first.
 *
 * Each submit is a new withdrawal attempt with a fresh Idempotency-Key; only retrying an attempt whose
 * answer was lost (network error, server failure) with the same amount sends its key again, so the
 * server answers the first withdrawal instead of paying out twice.
 */
export function WithdrawDialog({
  wallet,
  onClose,
  onAddBankAccount,
}: {
  wallet: TWallet;
  onClose: () => void;
  onAddBankAccount: () => void;
}) {
  if (!wallet.bankAccount) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="Withdraw Money"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button icon={<Landmark className="h-4 w-4" aria-hidden />} onClick={onAddBankAccount}>
              Add Bank Account
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-300">Withdrawals are paid to your bank account. Add the account you want to be paid to first.</p>
      </Dialog>
    );
  }
  return <WithdrawForm wallet={wallet} bankAccount={wallet.bankAccount} onClose={onClose} />;
}

function WithdrawForm({
  wallet,
  bankAccount,
  onClose,
}: {
  wallet: TWallet;
  bankAccount: NonNullable<TWallet['bankAccount']>;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; password?: string; form?: string }>({});
  const attempt = useRef<{ key: string; amount: number } | null>(null);

  const naira = amountValue(amount);
  const quote = naira !== null && naira > 0 ? withdrawalQuote(nairaToKobo(naira)) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZWithdrawForm.safeParse({ amount, password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ amount: found.amount, password: found.password });
      return;
    }
    setErrors({});
    if (attempt.current?.amount !== parsed.data.amount) attempt.current = { key: crypto.randomUUID(), amount: parsed.data.amount };
    // Typed in naira, sent in kobo (the API's one unit for money).
    const input = { body: { ...parsed.data, amount: nairaToKobo(parsed.data.amount) }, idempotencyKey: attempt.current.key };
    withdraw.mutate(input, {
      onSuccess: ({ withdrawal, balance }) => {
        attempt.current = null;
        patchWallet(queryClient, { balance });
        void refreshWallet(queryClient);
        const where = `${withdrawal.bankName} (${withdrawal.accountNumber})`;
        if (withdrawal.status === 'success') {
          toast.success(M.done, `${formatNaira(withdrawal.amount)} has been sent to ${where}.`);
        } else if (withdrawal.status === 'pending') {
          toast.success(
            M.submitted,
            `${formatNaira(withdrawal.amount)} is on its way to ${where}. The bank is confirming the transfer; if it fails, ${formatNaira(withdrawal.total)} comes back to your wallet.`,
          );
        } else {
          toast.error(
            M.failed,
            `${withdrawal.failureReason ?? 'The bank refused the transfer.'} ${formatNaira(withdrawal.total)} was returned to your wallet.`,
          );
        }
        onClose();
      },
      onError: (err) => {
        // A refusal is final: the next submit is a new attempt. A lost answer keeps the key for the retry.
        if (!answerLost(err)) attempt.current = null;
        const text = serverMessageOr(err, M.failed);
        setErrors({ form: text });
        toast.error(text);
      },
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Withdraw Money"
      description="Paid to your bank account. A fixed fee of ₦100 is added to every withdrawal."
      formId={formId}
      submitLabel="Withdraw"
      pending={withdraw.isPending}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <div className="rounded-xl border border-slate-800 bg-slate-950/40 p-3 text-sm">
          <p className="text-xs text-slate-400">Paid to</p>
          <p className="mt-0.5 break-words font-medium">{bankAccount.accountName}</p>
          <p className="break-words text-slate-400">
            {bankAccount.bankName} · <span className="font-mono">{bankAccount.accountNumber}</span>
          </p>
        </div>
        <AmountField
          label="Amount (₦)"
          required
          data-autofocus
          placeholder="e.g. 5,000"
          value={amount}
          onValueChange={(next) => {
            setAmount(next);
            setErrors((e) => ({ ...e, amount: undefined, form: undefined }));
          }}
          error={errors.amount}
          hint={`Available: ${formatNaira(wallet.balance)}`}
        />
        <TextField
          label="Account password"
          required
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: undefined, form: undefined }));
          }}
          error={errors.password}
          hint="We ask for it again to protect your money."
        />
        <dl className="space-y-1.5 rounded-xl border border-slate-800 bg-slate-950/40 p-3 text-sm" aria-label="Withdrawal summary">
          <SummaryRow label="Amount" value={quote ? formatNaira(quote.amountKobo) : '—'} />
          <SummaryRow label="Fee" value={formatNaira(WITHDRAWAL_FEE_KOBO)} />
          <SummaryRow label="Total deducted" value={quote ? formatNaira(quote.totalKobo) : '—'} strong ruled testId="withdraw-total" />
        </dl>
        {errors.form && (
          <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {errors.form}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
