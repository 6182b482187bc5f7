import { useId, useState, type ClipboardEvent, type FormEvent } from 'react';
import { ZDepositRequest } from '@contesthub/shared';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { useStartDeposit } from '../api/deposit';
import { formatAmountInput, pastedDigits } from '../lib/amount-input';
import { browser, paymentCallbackUrl } from '../lib/browser';
import { DEPOSIT_MESSAGES } from '../lib/messages';

/** The server's own words when it gave some, else the spec's default. */
const failureText = (err: unknown) =>
  err instanceof ApiError && err.status > 0 && err.errorType !== 'INVALID_RESPONSE' && err.message ? err.message : DEPOSIT_MESSAGES.failed;

/**
 * Deposit Money (spec 001 §2, §5, §7): whole naira, digits only with thousands separators; the gateway's
 * checkout opens in this tab and sends the browser back to the payment verification page.
 */
export function DepositDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const start = useStartDeposit();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  const change = (next: string) => {
    setAmount(formatAmountInput(next));
    setError(undefined);
  };

  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const input = e.currentTarget;
    const from = input.selectionStart ?? amount.length;
    const to = input.selectionEnd ?? amount.length;
    change(amount.slice(0, from) + pastedDigits(e.clipboardData.getData('text')) + amount.slice(to));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZDepositRequest.safeParse({ amount, callbackUrl: paymentCallbackUrl() });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setError(found.amount ?? Object.values(found)[0]);
      return;
    }
    start.mutate(parsed.data, {
      onSuccess: (answer) => {
        if (!answer?.authorizationUrl) {
          setError(DEPOSIT_MESSAGES.failed);
          toast.error(DEPOSIT_MESSAGES.failed);
          return;
        }
        setLeaving(true);
        browser.assign(answer.authorizationUrl);
      },
      onError: (err) => {
        const text = failureText(err);
        setError(text);
        toast.error(text);
      },
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Deposit Money"
      description="You pay securely with our payment partner, then come back here while we confirm it."
      formId={formId}
      submitLabel="Continue to Payment"
      pending={start.isPending || leaving}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-3">
        <TextField
          label="Amount (₦)"
          required
          autoFocus
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 10,000"
          value={amount}
          onChange={(e) => change(e.target.value)}
          onPaste={paste}
          error={error}
          hint="Whole naira. Your wallet is credited once the payment is confirmed."
        />
      </form>
    </FormDialog>
  );
}
