import { useState, type FormEvent } from 'react';
import { CircleCheck, Gift, Users } from 'lucide-react';
import { REFERRAL, ZReferralCodeBody, type TPublicUser, paths } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useAddReferralCode } from '../api/add-referral-code';
import { useReferralStats } from '../api/get-referral-stats';
import { CopyField } from './CopyField';
import { ADD_CODE_FAILED, addCodeSuccessText } from '../lib/messages';

export function ReferralCodeTab({ user }: { user: TPublicUser }) {
  const stats = useReferralStats();
  const code = stats.data?.code ?? user.referralCode;
  const url = stats.data?.referralUrl ?? `${window.location.origin}${paths.register({ ref: user.referralCode })}`;
  const hasReferrer = user.referral.referredBy !== null;

  return (
    <div className="space-y-6">
      <Card className="space-y-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Your Referral Code</h2>
            <p className="text-sm text-slate-400">
              Share it with friends: you get {REFERRAL.referrerBonusCredits} credits when they register, they get{' '}
              {REFERRAL.refereeBonusCredits} after verifying their email.
            </p>
          </div>
          <ButtonLink to={paths.dashboard.referrals()} variant="outline" size="sm">
            <Users className="h-4 w-4" aria-hidden />
            View Referrals
          </ButtonLink>
        </div>
        <div className="grid gap-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          <CopyField label="Referral code" value={code} mono />
          {stats.isPending ? (
            <div className="space-y-1.5">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : (
            <CopyField label="Referral link" value={url} />
          )}
        </div>
      </Card>

      <Card>
        {hasReferrer ? (
          <div className="flex items-start gap-3" role="status">
            <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300" aria-hidden />
            <div>
              <h2 className="font-semibold">Referral code already added</h2>
              <p className="text-sm text-slate-400">
                {stats.data?.referredBy
                  ? `You were referred by ${stats.data.referredBy.fullName}. A referral code can only be added once.`
                  : 'You have already added a referral code. A referral code can only be added once.'}
              </p>
            </div>
          </div>
        ) : (
          <AddReferralCodeForm />
        )}
      </Card>
    </div>
  );
}

function AddReferralCodeForm() {
  const toast = useToast();
  const add = useAddReferralCode();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZReferralCodeBody.safeParse({ referralCode: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a referral code');
      return;
    }
    setError(undefined);
    add.mutate(parsed.data.referralCode, {
      onSuccess: (result) => {
        setValue('');
        toast.success('Success', addCodeSuccessText(result));
      },
      onError: (err) => {
        const message = err instanceof ApiError && err.message ? err.message : ADD_CODE_FAILED;
        setError(message);
        toast.error('Error', message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="flex items-start gap-3">
        <Gift className="mt-0.5 h-5 w-5 shrink-0 text-amber-300" aria-hidden />
        <div>
          <h2 className="font-semibold">Have a referral code?</h2>
          <p className="text-sm text-slate-400">Add the code of the friend who invited you. It can only be added once.</p>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            label="Referral code"
            value={value}
            maxLength={REFERRAL.codeMaxLength}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCD2345"
            className="font-mono uppercase tracking-widest"
            onChange={(e) => {
              setValue(e.target.value.toUpperCase().slice(0, REFERRAL.codeMaxLength));
              setError(undefined);
            }}
            error={error}
          />
        </div>
        <Button type="submit" loading={add.isPending} className="sm:mt-7">
          Add Code
        </Button>
      </div>
    </form>
  );
}
