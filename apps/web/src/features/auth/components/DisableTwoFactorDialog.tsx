import { useState, type FormEvent } from 'react';
import { MESSAGES, ZTwoFactorDisable } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api';
import { PasswordField } from '../../../components/ui/password-field';
import { useDisableTwoFactor } from '../api/disable-two-factor';

const FORM_ID = 'disable-2fa-form';

export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Disable Two-Factor Authentication"
      description="Your account will be protected by your password only. Enter your current password to confirm."
      formId={FORM_ID}
      submitLabel="Disable 2FA"
      submitVariant="danger"
      pending={disable.isPending}
    >
      <DisableForm disable={disable} onDone={onClose} />
    </FormDialog>
  );
}

function DisableForm({ disable, onDone }: { disable: ReturnType<typeof useDisableTwoFactor>; onDone: () => void }) {
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTwoFactorDisable.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Password is required');
      document.getElementById('disable-2fa-password')?.focus();
      return;
    }
    disable.mutate(parsed.data.password, {
      onSuccess: () => {
        toast.success('2FA Disabled', MESSAGES.accounts.twoFactorDisabled);
        onDone();
      },
      onError: (err) => {
        const message = err instanceof ApiError ? err.message : 'Failed to disable two-factor authentication';
        setError(message);
        toast.error('Disable Failed', message);
      },
    });
  };

  return (
    <form id={FORM_ID} noValidate onSubmit={submit}>
      <PasswordField
        id="disable-2fa-password"
        label="Current Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(undefined);
        }}
        error={error}
      />
    </form>
  );
}
