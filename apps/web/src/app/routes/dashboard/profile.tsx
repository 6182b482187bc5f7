import { useSearchParams } from 'react-router';
import { Gift, Settings, UserRound, type LucideIcon } from 'lucide-react';
import { useAuth } from '../../../lib/auth';
import { Card } from '../../../components/ui/card';
import { PersonalInfoTab } from '../../../features/users/components/PersonalInfoTab';
import { PreferencesTab } from '../../../features/users/components/PreferencesTab';
import { ReferralCodeTab } from '../../../features/referrals/components/ReferralCodeTab';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';

type TabId = 'personal' | 'preferences' | 'referral';
const TABS: ReadonlyArray<{ id: TabId; label: string; icon: LucideIcon }> = [
  { id: 'personal', label: 'Personal Info', icon: UserRound },
  { id: 'preferences', label: 'Preferences', icon: Settings },
  { id: 'referral', label: 'Referral Code', icon: Gift },
];
const isTab = (v: string | null): v is TabId => TABS.some((t) => t.id === v);

export default function ProfileSettingsPage() {
  const { user } = useAuth();
  const ids = useTabIds();
  // The tab lives in the address (?tab=preferences) so other pages can link straight to it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'personal';
  const select = (id: TabId) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === 'personal') next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  if (!user) return null;
  const completion = Math.max(0, Math.min(100, Math.round(user.profileCompletion)));

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Profile Settings</h2>
        <p className="text-slate-400">Manage your personal information, preferences and referral code.</p>
      </div>

      <Card className="p-5">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span id="profile-completion-label" className="font-medium">
            Profile completion
          </span>
          <span className={completion === 100 ? 'font-semibold text-emerald-300' : 'font-semibold text-amber-300'}>{completion}%</span>
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-800"
          role="progressbar"
          aria-labelledby="profile-completion-label"
          aria-valuenow={completion}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${completion}%` }} />
        </div>
        {completion < 100 && (
          <p className="mt-2 text-xs text-slate-400">
            Add your photo, bio, date of birth, gender and location to complete your profile. A profile at least 50% complete can enter
            contests.
          </p>
        )}
      </Card>

      <Tabs tabs={TABS} value={tab} onChange={select} ids={ids} label="Profile settings" />
      <TabPanel id="personal" ids={ids} active={tab === 'personal'}>
        <PersonalInfoTab user={user} />
      </TabPanel>
      <TabPanel id="preferences" ids={ids} active={tab === 'preferences'}>
        <PreferencesTab user={user} />
      </TabPanel>
      <TabPanel id="referral" ids={ids} active={tab === 'referral'}>
        <ReferralCodeTab user={user} />
      </TabPanel>
    </div>
  );
}
