import { useId, useState, type FormEvent } from 'react';
import { nairaToKobo, ZDepositForm } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { fieldErrors } from '../../../lib/forms';
import { useStartDeposit } from '../api/deposit';
import { AmountField } from '../../../components/ui/amount-field';
import { browser, paymentCallbackUrl } from '../../../lib/browser';
import { serverMessageOr } from '../../../lib/errors';
import { DEPOSIT_MESSAGES } from '../lib/messages';

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
    setAmount(next);
    setError(undefined);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZDepositForm.safeParse({ amount, callbackUrl: paymentCallbackUrl() });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setError(found.amount ?? Object.values(found)[0]);
      return;
    }
    // Typed in naira, sent in kobo (the API's one unit for money).
    start.mutate(
      { ...parsed.data, amount: nairaToKobo(parsed.data.amount) },
      {
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
          const text = serverMessageOr(err, DEPOSIT_MESSAGES.failed);
          setError(text);
          toast.error(text);
        },
      },
    );
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
        <AmountField
          label="Amount (₦)"
          required
          data-autofocus
          placeholder="e.g. 10,000"
          value={amount}
          onValueChange={change}
          error={error}
          hint="Whole naira. Your wallet is credited once the payment is confirmed."
        />
      </form>
    </FormDialog>
  );
}
