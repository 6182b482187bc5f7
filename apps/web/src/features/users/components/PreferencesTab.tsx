import { useState, type ChangeEvent } from 'react';
import { Save } from 'lucide-react';
import { ZUpdateProfile, type TPublicUser } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import {
  ACTIVITY_OPTIONS,
  NOTIFICATION_OPTIONS,
  PRIVACY_OPTIONS,
  VISIBILITY_LABELS,
  withDefaults,
  type FullPreferences,
  type NotificationKey,
  type ProfileVisibility,
  type VisibilityKey,
} from '../lib/preferences';
import { useUpdateProfile } from '../api/update-profile';
import { profileBody } from '../lib/profile-form';
import { Switch } from '../../../components/ui/switch';

const VISIBILITY_HINTS: Record<ProfileVisibility, string> = {
  public: 'Anyone can see your profile.',
  friends: 'Only people you are connected with can see your details.',
  private: 'Only your name and picture are shown to others.',
};

export function PreferencesTab({ user }: { user: TPublicUser }) {
  const toast = useToast();
  const update = useUpdateProfile();
  const saved = withDefaults(user.preferences);
  const [prefs, setPrefs] = useState<FullPreferences>(saved);
  const dirty = JSON.stringify(prefs) !== JSON.stringify(saved);

  const toggle = (key: VisibilityKey) => (on: boolean) => setPrefs((p) => ({ ...p, [key]: on }));
  const toggleNotification = (key: NotificationKey) => (on: boolean) =>
    setPrefs((p) => ({ ...p, notifications: { ...p.notifications, [key]: on } }));

  const save = () => {
    // The route needs fullName and phone too: the saved profile goes along unchanged.
    const parsed = ZUpdateProfile.safeParse(profileBody(user, { preferences: prefs }));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? 'Failed to update profile';
      toast.error('Update Failed', issue?.path[0] === 'phone' ? `${message} — add it under Personal Info first.` : message);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (res) => {
        setPrefs(withDefaults(res.data.user.preferences));
        toast.success('Profile Updated', 'Your preferences have been saved');
      },
      onError: (err) => toast.error('Update Failed', err instanceof ApiError && err.message ? err.message : 'Failed to update profile'),
    });
  };

  return (
    <Card className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Preferences</h2>
        <p className="text-sm text-slate-400">Choose what others see on your public profile and which notifications you get.</p>
      </div>

      <section aria-labelledby="prefs-privacy" className="space-y-2">
        <h3 id="prefs-privacy" className="text-sm font-semibold uppercase tracking-wide text-slate-400">
          Privacy
        </h3>
        <SelectField
          label="Profile Visibility"
          value={prefs.profileVisibility}
          hint={VISIBILITY_HINTS[prefs.profileVisibility]}
          onChange={(e: ChangeEvent<HTMLSelectElement>) =>
            setPrefs((p) => ({ ...p, profileVisibility: e.target.value as ProfileVisibility }))
          }
        >
          {(Object.keys(VISIBILITY_LABELS) as ProfileVisibility[]).map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABELS[v]}
            </option>
          ))}
        </SelectField>
        <div className="divide-y divide-slate-800">
          {PRIVACY_OPTIONS.map((o) => (
            <Switch key={o.key} label={o.label} checked={prefs[o.key]} onChange={toggle(o.key)} />
          ))}
        </div>
      </section>

      <section aria-labelledby="prefs-activity">
        <h3 id="prefs-activity" className="text-sm font-semibold uppercase tracking-wide text-slate-400">
          Activity
        </h3>
        <div className="divide-y divide-slate-800">
          {ACTIVITY_OPTIONS.map((o) => (
            <Switch key={o.key} label={o.label} checked={prefs[o.key]} onChange={toggle(o.key)} />
          ))}
        </div>
      </section>

      <section aria-labelledby="prefs-notifications">
        <h3 id="prefs-notifications" className="text-sm font-semibold uppercase tracking-wide text-slate-400">
          Notifications
        </h3>
        <div className="divide-y divide-slate-800">
          {NOTIFICATION_OPTIONS.map((o) => (
            <Switch key={o.key} label={o.label} checked={prefs.notifications[o.key]} onChange={toggleNotification(o.key)} />
          ))}
        </div>
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setPrefs(saved)} disabled={!dirty || update.isPending}>
          Discard Changes
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={!dirty} icon={<Save className="h-4 w-4" aria-hidden />}>
          Save Preferences
        </Button>
      </div>
    </Card>
  );
}
