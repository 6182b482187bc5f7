import { useEffect, useState, type ChangeEvent } from 'react';
import { Save } from 'lucide-react';
import {
  ZUpdateProfile,
  type NotificationChannel,
  type NotificationMatrix as Matrix,
  type NotificationType,
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
  type TNotificationSwitches,
  type TPublicUser,
} from '@contesthub/shared';
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
import { RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';
import { NotificationMatrix } from './NotificationMatrix';
import { PushOptIn } from './PushOptIn';

interface NotificationDraft {
  notifications: TNotificationSwitches;
  matrix: Matrix;
  digest: boolean;
}

const draftOf = (p: TNotificationPreferences): NotificationDraft => ({
  notifications: p.notifications,
  matrix: p.matrix,
  digest: p.digest,
});

/** Only what differs from what is saved (the API merges it over the stored choices). */
function changesOf(saved: NotificationDraft, draft: NotificationDraft): TNotificationPreferencesUpdate | null {
  const out: TNotificationPreferencesUpdate = {};
  const switches = Object.fromEntries(
    Object.entries(draft.notifications).filter(([k, v]) => saved.notifications[k as keyof TNotificationSwitches] !== v),
  );
  if (Object.keys(switches).length > 0) out.notifications = switches;
  const matrix: NonNullable<TNotificationPreferencesUpdate['matrix']> = {};
  for (const type of Object.keys(draft.matrix) as NotificationType[]) {
    const [a, b] = [saved.matrix[type], draft.matrix[type]];
    const cell: { email?: boolean; push?: boolean } = {};
    if (a.email !== b.email) cell.email = b.email;
    if (a.push !== b.push) cell.push = b.push;
    if (Object.keys(cell).length > 0) matrix[type] = cell;
  }
  if (Object.keys(matrix).length > 0) out.matrix = matrix;
  if (saved.digest !== draft.digest) out.digest = draft.digest;
  return Object.keys(out).length > 0 ? out : null;
}

const VISIBILITY_HINTS: Record<ProfileVisibility, string> = {
  public: 'Anyone can see your profile.',
  friends: 'Only people you are connected with can see your details.',
  private: 'Only your name and picture are shown to others.',
};

const SWITCH_HINTS: Partial<Record<NotificationKey, string>> = {
  email: 'Off: no email except security alerts.',
  push: 'Off: nothing is pushed to your browsers.',
  contestUpdates: 'Contests ending and new contests.',
  entryNotifications: 'Entries to review, reviews of yours, votes and comments.',
  badgeAwards: 'Wins, prizes and badges.',
};

export function PreferencesTab({ user }: { user: TPublicUser }) {
  const toast = useToast();
  const update = useUpdateProfile();
  const saved = withDefaults(user.preferences);
  const [prefs, setPrefs] = useState<FullPreferences>(saved);
  // The notification switches are saved with the matrix (PUT /notifications/preferences), not here.
  const privacyOf = ({ notifications: _n, ...rest }: FullPreferences) => rest;
  const privacyDirty = JSON.stringify(privacyOf(prefs)) !== JSON.stringify(privacyOf(saved));

  const notificationQuery = useNotificationPreferences();
  const saveNotifications = useUpdateNotificationPreferences();
  const savedNotifications = notificationQuery.data ? draftOf(notificationQuery.data) : null;
  const [draft, setDraft] = useState<NotificationDraft | null>(null);
  useEffect(() => {
    if (notificationQuery.data && draft === null) setDraft(draftOf(notificationQuery.data));
  }, [notificationQuery.data, draft]);
  const notificationChanges = savedNotifications && draft ? changesOf(savedNotifications, draft) : null;
  const dirty = privacyDirty || notificationChanges !== null;
  const pending = update.isPending || saveNotifications.isPending;

  const toggle = (key: VisibilityKey) => (on: boolean) => setPrefs((p) => ({ ...p, [key]: on }));
  const toggleSwitch = (key: NotificationKey) => (on: boolean) =>
    setDraft((d) => (d ? { ...d, notifications: { ...d.notifications, [key]: on } } : d));
  const toggleCell = (type: NotificationType, channel: NotificationChannel, on: boolean) =>
    setDraft((d) => (d ? { ...d, matrix: { ...d.matrix, [type]: { ...d.matrix[type], [channel]: on } } } : d));

  const discard = () => {
    setPrefs(saved);
    if (savedNotifications) setDraft(savedNotifications);
  };

  const saveNotificationPart = (then: () => void) => {
    if (!notificationChanges) return then();
    saveNotifications.mutate(notificationChanges, {
      onSuccess: (res) => {
        setDraft(draftOf(res.data));
        then();
      },
      onError: (err) => toast.error('Update Failed', err instanceof ApiError && err.message ? err.message : 'Failed to update profile'),
    });
  };
  const done = () => toast.success('Profile Updated', 'Your preferences have been saved');

  const save = () => {
    if (!privacyDirty) return saveNotificationPart(done);
    // The route needs fullName and phone too: the saved profile goes along unchanged.
    const parsed = ZUpdateProfile.safeParse(profileBody(user, { preferences: privacyOf(prefs) }));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? 'Failed to update profile';
      toast.error('Update Failed', issue?.path[0] === 'phone' ? `${message} — add it under Personal Info first.` : message);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (res) => {
        setPrefs(withDefaults(res.data.user.preferences));
        saveNotificationPart(done);
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

      <section aria-labelledby="prefs-notifications" className="space-y-3">
        <h3 id="prefs-notifications" className="text-sm font-semibold uppercase tracking-wide text-slate-400">
          Notifications
        </h3>
        <p className="text-sm text-slate-400">Every notification appears in the app. Choose which also reach you by email and push.</p>
        {notificationQuery.isError ? (
          <RetryNote message="Failed to load notification settings" onRetry={() => void notificationQuery.refetch()} />
        ) : !draft ? (
          <RowsSkeleton label="Loading notification settings" rows={3} />
        ) : (
          <>
            <div className="divide-y divide-slate-800">
              {NOTIFICATION_OPTIONS.map((o) => (
                <Switch
                  key={o.key}
                  label={o.label}
                  description={SWITCH_HINTS[o.key]}
                  checked={draft.notifications[o.key]}
                  onChange={toggleSwitch(o.key)}
                />
              ))}
              <Switch
                label="Daily Digest"
                description="One email of your unread notifications, only on days you have not visited for 24 hours."
                checked={draft.digest}
                onChange={(on) => setDraft((d) => (d ? { ...d, digest: on } : d))}
              />
            </div>
            <PushOptIn onChanged={() => void notificationQuery.refetch()} />
            <NotificationMatrix matrix={draft.matrix} switches={draft.notifications} onChange={toggleCell} />
          </>
        )}
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={discard} disabled={!dirty || pending}>
          Discard Changes
        </Button>
        <Button onClick={save} loading={pending} disabled={!dirty} icon={<Save className="h-4 w-4" aria-hidden />}>
          Save Preferences
        </Button>
      </div>
    </Card>
  );
}
