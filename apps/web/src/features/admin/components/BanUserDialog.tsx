import { useId, useState, type FormEvent } from 'react';
import { ADMIN_USER_MESSAGES } from '@contesthub/shared';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';

/**
 * Spec 002 §2.1 Ban dialog: 'Ban User', the user's name, a required reason, Cancel and Ban User
 * (disabled until a reason exists); the user is told by e-mail, with the reason.
 */
export function BanUserDialog({
  user,
  pending,
  onClose,
  onBan,
}: {
  /** The account to ban; null: closed. */
  user: { id: string; fullName: string } | null;
  pending: boolean;
  onClose: () => void;
  onBan: (reason: string) => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(ADMIN_USER_MESSAGES.banReasonRequired);
      return;
    }
    onBan(text);
  };
  return (
    <FormDialog
      open={user !== null}
      onClose={close}
      title="Ban User"
      description={
        <>
          You are about to ban <strong className="text-slate-100">{user?.fullName}</strong>. They are signed out everywhere and cannot sign
          in until the ban is lifted. The user will be notified by e-mail, and the reason below is included.
        </>
      }
      formId={formId}
      submitLabel="Ban User"
      submitVariant="danger"
      pending={pending}
      submitDisabled={!reason.trim()}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label="Reason for ban"
          required
          maxLength={1000}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(undefined);
          }}
          placeholder="Explain why this account is being banned"
        />
      </form>
    </FormDialog>
  );
}
