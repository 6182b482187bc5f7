import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Camera, Pencil, Save, X } from 'lucide-react';
import {
  BIO_MAX_LENGTH,
  formatDate,
  GENDERS,
  MESSAGES,
  NIGERIAN_STATES,
  UPLOAD_LIMITS_BYTES,
  ZUpdateProfile,
  type TPublicUser,
} from '@contesthub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { fieldErrors } from '../../../lib/forms';
import { useUpdateProfile } from '../api/update-profile';
import { uploadProfilePicture } from '../api/upload-profile-picture';
import { ERROR_KEYS, formFromUser, profileBody, type PersonalInfoForm } from '../lib/profile-form';

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female' };
const FIELD_ORDER: Array<keyof PersonalInfoForm> = ['fullName', 'phone', 'bio', 'dateOfBirth', 'gender', 'state', 'city'];
const fieldId = (f: keyof PersonalInfoForm) => `profile-${f}`;

/** Why a picked file cannot be used, in the spec's words (001 §5), or null when it is fine. */
export function pictureProblem(file: File): { title: string; message: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid File', message: MESSAGES.accounts.imageRequired };
  if (file.size > UPLOAD_LIMITS_BYTES.profilePicture) return { title: 'File Too Large', message: MESSAGES.accounts.imageTooLarge };
  return null;
}

export function PersonalInfoTab({ user }: { user: TPublicUser }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<PersonalInfoForm>(() => formFromUser(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  // The picked picture is only a local preview until Save Changes uploads it.
  useEffect(() => {
    if (!picture) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const set = (key: keyof PersonalInfoForm) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (errors[ERROR_KEYS[key]]) setErrors(({ [ERROR_KEYS[key]]: _gone, ...rest }) => rest);
  };

  const startEditing = () => {
    setForm(formFromUser(user));
    setErrors({});
    setEditing(true);
  };

  const cancel = () => {
    setForm(formFromUser(user));
    setErrors({});
    setPicture(null);
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file can be picked again after a Cancel
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      toast.error(problem.title, problem.message);
      return;
    }
    setPicture(file);
  };

  const showErrors = (errs: Record<string, string>) => {
    setErrors(errs);
    const first = FIELD_ORDER.find((f) => errs[ERROR_KEYS[f]]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = profileBody(user, { form });
    const parsed = ZUpdateProfile.safeParse(body);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    setSaving(true);
    const withPicture = picture !== null;
    try {
      if (picture) {
        try {
          const res = await uploadProfilePicture(picture);
          if (!res.data?.profilePicture) throw new ApiError(MESSAGES.transport.invalidResponse, 200, 'INVALID_RESPONSE');
          if (res.data.user) queryClient.setQueryData(ME_QUERY_KEY, res.data.user);
          setPicture(null);
        } catch (err) {
          const message =
            err instanceof ApiError && (err.errorType === 'INVALID_RESPONSE' || (err.status >= 400 && err.status < 500))
              ? err.message
              : 'Profile picture upload failed';
          toast.error('Update Failed', message);
          return;
        }
      }
      try {
        await update.mutateAsync(parsed.data);
        toast.success(
          'Profile Updated',
          withPicture ? 'Your profile and picture have been updated successfully' : MESSAGES.accounts.profileUpdated,
        );
        setEditing(false);
        requestAnimationFrame(() => editButton.current?.focus());
      } catch (err) {
        if (err instanceof ApiError) {
          if (err.fieldErrors) setErrors(err.fieldErrors);
          else if (err.errorType === 'PHONE_ALREADY_EXISTS') setErrors({ phone: err.message });
        }
        toast.error('Update Failed', err instanceof ApiError && err.message ? err.message : 'Failed to update profile');
      }
    } finally {
      setSaving(false);
    }
  };

  const location = [user.location.city, user.location.state].filter(Boolean).join(', ');
  const avatarSrc = preview ?? user.profilePicture;

  return (
    <Card className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Personal Information</h2>
        {!editing && (
          <Button ref={editButton} variant="outline" size="sm" icon={<Pencil className="h-4 w-4" aria-hidden />} onClick={startEditing}>
            Edit Profile
          </Button>
        )}
      </div>

      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="relative">
          <UserAvatar name={user.fullName} src={avatarSrc} size="lg" />
          {preview && (
            <span className="absolute -bottom-1 -right-1 rounded-full bg-amber-400 px-1.5 text-[10px] font-bold uppercase text-slate-950">
              New
            </span>
          )}
        </div>
        <div className="min-w-0">
          <p className="break-words font-semibold">{user.fullName}</p>
          <p className="break-all text-sm text-slate-400">@{user.username}</p>
          {editing && (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                className="hidden"
                tabIndex={-1}
                aria-hidden
                onChange={pick}
              />
              <Button
                variant="secondary"
                size="sm"
                icon={<Camera className="h-4 w-4" aria-hidden />}
                onClick={() => fileInput.current?.click()}
                disabled={saving}
              >
                {picture ? 'Choose Another Photo' : 'Change Photo'}
              </Button>
              {picture && (
                <Button variant="ghost" size="sm" onClick={() => setPicture(null)} disabled={saving}>
                  Remove selection
                </Button>
              )}
              <p className="w-full text-xs text-slate-400">
                {picture ? `${picture.name} will be uploaded when you save.` : 'JPG, PNG, GIF or WEBP, up to 5MB.'}
              </p>
            </div>
          )}
        </div>
      </div>

      {!editing ? (
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label="Full Name">{user.fullName}</Item>
          <Item label="Email">{user.email}</Item>
          <Item label="Phone">{user.phone}</Item>
          <Item label="Date of Birth">{user.dateOfBirth ? formatDate(`${user.dateOfBirth.slice(0, 10)}T12:00:00Z`) : null}</Item>
          <Item label="Gender">{user.gender ? GENDER_LABELS[user.gender] : null}</Item>
          <Item label="Location">{location || null}</Item>
          <Item label="Bio" className="sm:col-span-2">
            {user.bio ? <span className="whitespace-pre-line">{user.bio}</span> : null}
          </Item>
        </dl>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Edit personal information">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id={fieldId('fullName')}
              label="Full Name"
              required
              autoComplete="name"
              value={form.fullName}
              onChange={set('fullName')}
              error={errors.fullName}
            />
            <TextField id="profile-email" label="Email" type="email" value={user.email} readOnly disabled hint="Email cannot be changed" />
            <TextField
              id={fieldId('phone')}
              label="Phone"
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="08012345678"
              value={form.phone}
              onChange={set('phone')}
              error={errors.phone}
            />
            <TextField
              id={fieldId('dateOfBirth')}
              label="Date of Birth"
              type="date"
              max={new Date().toISOString().slice(0, 10)}
              value={form.dateOfBirth}
              onChange={set('dateOfBirth')}
              error={errors.dateOfBirth}
            />
            <SelectField id={fieldId('gender')} label="Gender" value={form.gender} onChange={set('gender')} error={errors.gender}>
              <option value="">Select gender</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABELS[g]}
                </option>
              ))}
            </SelectField>
            <SelectField id={fieldId('state')} label="State" value={form.state} onChange={set('state')} error={errors['location.state']}>
              <option value="">Select state</option>
              {NIGERIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            <TextField
              id={fieldId('city')}
              label="City"
              autoComplete="address-level2"
              maxLength={100}
              value={form.city}
              onChange={set('city')}
              error={errors['location.city']}
            />
          </div>
          <TextAreaField
            id={fieldId('bio')}
            label="Bio"
            maxLength={BIO_MAX_LENGTH}
            value={form.bio}
            onChange={set('bio')}
            error={errors.bio}
            placeholder="Tell the community about yourself"
            aside={
              <span className="text-xs text-slate-400">
                {form.bio.length}/{BIO_MAX_LENGTH}
              </span>
            }
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" icon={<X className="h-4 w-4" aria-hidden />} onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} icon={<Save className="h-4 w-4" aria-hidden />}>
              Save Changes
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** A dt/dd group: a <div> directly inside the <dl> (no wrapper between, or the list is invalid). */
function Item({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-100">{children ?? <span className="text-slate-400">Not provided</span>}</dd>
    </div>
  );
}
