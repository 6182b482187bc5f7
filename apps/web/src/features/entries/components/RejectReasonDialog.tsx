import { useId, useState, type FormEvent } from 'react';
import { ZRejectEntry } from '@contesthub/shared';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';

/**
 * The rejection reason modal, for one entry or a selection (spec 001 §5: a non-empty reason). The
 * participant sees the reason; a paid entry fee is refunded by the server.
 */
export function RejectReasonDialog({
  count,
  subject,
  pending,
  onSubmit,
  onClose,
}: {
  /** How many entries the reason applies to. */
  count: number;
  /** The entry's title for one entry. */
  subject?: string;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZRejectEntry.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    onSubmit(parsed.data.reason);
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={count === 1 ? 'Reject Entry' : `Reject ${count} Entries`}
      description={subject ?? (count === 1 ? 'The selected entry' : `The same reason is sent to each of the ${count} participants.`)}
      formId={formId}
      submitLabel={count === 1 ? 'Reject Entry' : `Reject ${count} Entries`}
      submitVariant="danger"
      pending={pending}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-3">
        <TextAreaField
          label="Reason for rejection"
          required
          data-autofocus
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          error={error}
          hint="The participant sees this reason. Paid entry fees are refunded."
          className="min-h-24"
        />
      </form>
    </FormDialog>
  );
}
