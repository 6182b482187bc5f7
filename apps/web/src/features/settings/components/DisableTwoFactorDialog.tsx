import { useState, type FormEvent } from 'react';
import { MESSAGES, ZTwoFactorDisable } from '@contesthub/shared';
import { useToast } from '../../../app/toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useDisableTwoFactor } from '../api/disable-two-factor';

const FORM_ID = 'disable-2fa-form';

export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!disable.isPending}
      title="Disable Two-Factor Authentication"
      description="Your account will be protected by your password only. Enter your current password to confirm."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="danger" loading={disable.isPending}>
            Disable 2FA
          </Button>
        </>
      }
    >
      <DisableForm disable={disable} onDone={onClose} />
    </Dialog>
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
      <TextField
        id="disable-2fa-password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
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
