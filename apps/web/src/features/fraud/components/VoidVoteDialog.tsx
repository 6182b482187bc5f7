import { useId, useState, type FormEvent } from 'react';
import { FRAUD_MESSAGES, ZVoidVote } from '@contesthub/shared';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';

/** Asks why a held vote is voided (required, up to 500 characters) before voiding it. */
export function VoidVoteDialog({
  open,
  voterName,
  credits,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  voterName: string;
  /** Vote credits that go back to the voter. */
  credits: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZVoidVote.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FRAUD_MESSAGES.reasonRequired);
      return;
    }
    setError(undefined);
    onConfirm(parsed.data.reason);
  };
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Void this vote"
      description={`The vote by ${voterName} will never count${credits > 0 ? ` and ${credits} vote credits go back to them` : ''}. They are told the reason.`}
      formId={formId}
      submitLabel="Void Vote"
      submitVariant="danger"
      pending={pending}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label="Reason"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          hint="Shown to the voter in their notification."
        />
      </form>
    </FormDialog>
  );
}
