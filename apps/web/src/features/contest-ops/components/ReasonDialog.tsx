import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { CONTEST_OPS_MESSAGES } from '@contesthub/shared';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';

/**
 * A staff action that needs a reason (hold, release, mark failed, phase changes): the reason is
 * required (the submit stays disabled until one is typed, as the ban dialog's), trimmed, ≤ 500.
 * `children` adds fields above the reason (the phase dialog's date).
 */
export function ReasonDialog({
  open,
  title,
  description,
  submitLabel,
  submitVariant,
  pending,
  onClose,
  onSubmit,
  children,
  extraValid = true,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
  children?: ReactNode;
  extraValid?: boolean;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setTouched(false);
    }
  }, [open]);
  const trimmed = reason.trim();
  const error =
    touched && !trimmed ? CONTEST_OPS_MESSAGES.reasonRequired : trimmed.length > 500 ? CONTEST_OPS_MESSAGES.reasonTooLong : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!trimmed || trimmed.length > 500 || !extraValid) return;
    onSubmit(trimmed);
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      formId={formId}
      submitLabel={submitLabel}
      submitVariant={submitVariant}
      pending={pending}
      submitDisabled={!trimmed || trimmed.length > 500 || !extraValid}
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        {children}
        <TextAreaField
          label="Reason"
          required
          value={reason}
          maxLength={500}
          data-autofocus
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={error}
          hint="Recorded in the audit log with your name."
        />
      </form>
    </FormDialog>
  );
}
