import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ZChangePasswordForm } from '@contesthub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { PasswordField } from '../../../components/ui/password-field';
import { useChangePassword } from '../api/change-password';
import { SESSIONS_KEY } from '../api/get-sessions';

const FAILED = 'There was an error changing your password. Please try again.';
const FORM_ID = 'change-password-form';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const change = useChangePassword();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Change Password"
      description="Enter your current password and choose a new one. Your other devices will be signed out."
      formId={FORM_ID}
      submitLabel="Change Password"
      pending={change.isPending}
    >
      <ChangePasswordForm onDone={onClose} change={change} />
    </FormDialog>
  );
}

function ChangePasswordForm({ onDone, change }: { onDone: () => void; change: ReturnType<typeof useChangePassword> }) {
  const toast = useToast();
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (key: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZChangePasswordForm.safeParse(values);
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      setErrors(errs);
      const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((k) => errs[k]);
      if (first) document.getElementById(`cp-${first}`)?.focus();
      return;
    }
    const { currentPassword, newPassword } = parsed.data;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success('Password Changed', 'Your password has been updated successfully');
          void refreshUser();
          void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
          onDone();
        },
        onError: (err) => {
          const message = err instanceof ApiError && err.message ? err.message : FAILED;
          if (err instanceof ApiError && err.errorType === 'INVALID_PASSWORD') setErrors({ currentPassword: message });
          else if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
          toast.error('Error', message);
        },
      },
    );
  };

  return (
    <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
      <PasswordField
        id="cp-currentPassword"
        label="Current Password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={errors.currentPassword}
      />
      <PasswordField
        id="cp-newPassword"
        label="New Password"
        hint="At least 6 characters, different from your current password."
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
      />
      <PasswordField
        id="cp-confirmPassword"
        label="Confirm New Password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
    </form>
  );
}
