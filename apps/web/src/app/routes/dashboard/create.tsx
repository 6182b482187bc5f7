import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Rocket } from 'lucide-react';
import { BADGE_CONTEST_CREDIT_COST, MESSAGES, ZCreateContest, formatNaira, formatNumber, paths } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { useCreateContest } from '../../../features/contests/api/create-contest';
import { refreshDashboard } from '../../../features/dashboard/api/keys';
import { refreshUsers } from '../../../features/users/api/keys';
import { useWallet } from '../../../features/wallet/api/get-wallet';
import { refreshWallet } from '../../../features/wallet/api/keys';
import { BasicInfoStep } from '../../../features/contests/components/wizard/BasicInfoStep';
import { EntryStep } from '../../../features/contests/components/wizard/EntryStep';
import { FreeTierBanner } from '../../../features/contests/components/wizard/FreeTierBanner';
import { PrizeStep, type WalletState } from '../../../features/contests/components/wizard/PrizeStep';
import { RestrictionsStep } from '../../../features/contests/components/wizard/RestrictionsStep';
import { StepNav } from '../../../features/contests/components/wizard/StepNav';
import type { StepProps } from '../../../features/contests/components/wizard/step-props';
import { TimelineStep } from '../../../features/contests/components/wizard/TimelineStep';
import { VotingStep } from '../../../features/contests/components/wizard/VotingStep';
import {
  COVER_MAX_BYTES,
  COVER_TYPES,
  LAST_STEP,
  STEPS,
  amountToKobo,
  emptyForm,
  stepErrors,
  stepOf,
  toPayload,
  type Step,
  type WizardForm,
} from '../../../features/contests/lib/wizard';

const CREATE_FAILED = 'Failed to create contest. Please try again.';
const INVALID_VOTING_FEE = 'Paid voting requires a minimum of 10 vote credits.';

/** Form keys that live inside an object of the payload share its error key root. */
const ROOT_OF: Partial<Record<keyof WizardForm, string>> = {
  ageRestriction: 'restrictions',
  minAge: 'restrictions',
  maxAge: 'restrictions',
  locationRestriction: 'restrictions',
  allowedLocations: 'restrictions',
  genderRestriction: 'restrictions',
  allowedGenders: 'restrictions',
  allowMultipleEntries: 'settings',
  showVoteCount: 'settings',
  allowComments: 'settings',
};
const rootOf = (key: string) => ROOT_OF[key as keyof WizardForm] ?? key.split('.')[0]!;

/** The first message for a key or for an item of that list ("rules" finds "rules.2"). */
const find = (errors: Record<string, string>, key: string) =>
  errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];

/**
 * Create Contest (spec 001 §2, §4, §5, §8): six steps with the shared schema's rules per step,
 * balance checks on the prize, optional cover image (multipart), and the spec's toasts.
 */
export default function CreateContestPage() {
  const { user, refreshUser } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateContest();
  const [form, setForm] = useState<WizardForm>(() => emptyForm());
  const [step, setStep] = useState<Step>(1);
  // A step is shown as done only once the organizer has been there: defaults alone are not a choice.
  const [visited, setVisited] = useState<ReadonlySet<Step>>(() => new Set<Step>([1]));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [revealed, setRevealed] = useState<ReadonlySet<Step>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | undefined>();
  const inFlight = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step>(1);

  // The balance matters from the prize step on; it is not fetched for a badge prize.
  const wallet = useWallet({ enabled: form.prizeType !== 'badge' && step >= 2 });
  const walletState: WalletState = useMemo(() => {
    if (wallet.isError) return { status: 'error', retry: () => void wallet.refetch() };
    if (!wallet.data) return { status: 'loading' };
    return { status: 'ready', balance: wallet.data.wallet.balance };
  }, [wallet]);

  const errorsByStep = useMemo(() => {
    const out = {} as Record<Step, Record<string, string>>;
    for (const { step: s } of STEPS) out[s] = stepErrors(s, form);
    return out;
  }, [form]);
  const isValid = (s: Step) => Object.keys(errorsByStep[s]).length === 0;

  // Moving between steps puts keyboard and screen-reader focus on the new step's heading.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  if (!user) return null;
  const credits = user.voteCredits;
  const pending = create.isPending;

  const update = (patch: Partial<WizardForm>) => {
    setForm((prev) => ({ ...prev, ...patch }));
    const roots = Object.keys(patch).map(rootOf);
    setTouched((prev) => new Set([...prev, ...roots]));
    setServerErrors((prev) => {
      const kept = Object.entries(prev).filter(([k]) => !roots.includes(rootOf(k)));
      return kept.length === Object.keys(prev).length ? prev : Object.fromEntries(kept);
    });
  };

  const errorFor = (key: string): string | undefined => {
    const server = find(serverErrors, key);
    if (server) return server;
    const owner = stepOf(key);
    if (!owner) return undefined;
    if (!revealed.has(owner) && !touched.has(rootOf(key))) return undefined;
    return find(errorsByStep[owner], key);
  };

  const reveal = (s: Step) => setRevealed((prev) => (prev.has(s) ? prev : new Set([...prev, s])));
  const goTo = (s: Step) => {
    setVisited((seen) => new Set(seen).add(s));
    setStep(s);
  };

  /** Client refusal of a prize the organizer cannot fund (spec 001 §8 validation toasts). */
  const fundingProblem = (): { title: string; message: string } | null => {
    if (form.prizeType === 'badge') {
      const missing = BADGE_CONTEST_CREDIT_COST - credits;
      if (missing > 0) {
        return {
          title: 'Insufficient Vote Credits',
          message: `You need ${formatNumber(missing)} more vote credits to create a badge contest (${formatNumber(BADGE_CONTEST_CREDIT_COST)} required, you have ${formatNumber(credits)}).`,
        };
      }
      return null;
    }
    if (walletState.status !== 'ready') return null; // the server decides when the balance is unknown
    const missing = amountToKobo(form.prizeAmount) - walletState.balance;
    if (missing > 0) {
      return {
        title: 'Insufficient Balance',
        message: `You need ${formatNaira(missing)} more in your wallet to fund this prize (balance ${formatNaira(walletState.balance)}).`,
      };
    }
    return null;
  };

  /** Tells why a step cannot be left, shows its errors and opens it. */
  const refuseStep = (s: Step, message: string) => {
    reveal(s);
    goTo(s);
    if (s === 5 && errorsByStep[5].votingFeeAmount === INVALID_VOTING_FEE) toast.error('Invalid Voting Fee', INVALID_VOTING_FEE);
    else toast.error(MESSAGES.toast.validationErrorTitle, message);
  };

  const next = () => {
    if (!isValid(step)) return refuseStep(step, 'Please fill in all required fields before proceeding.');
    if (step === 2) {
      const problem = fundingProblem();
      if (problem) return void toast.error(problem.title, problem.message);
    }
    goTo(Math.min(LAST_STEP, step + 1) as Step);
  };

  const pickCover = (file: File) => {
    if (!(COVER_TYPES as readonly string[]).includes(file.type)) return setCoverError(MESSAGES.accounts.imageRequired);
    if (file.size > COVER_MAX_BYTES) return setCoverError(MESSAGES.accounts.imageTooLarge);
    setCover(file);
    setCoverError(undefined);
    setServerErrors(({ coverImage: _, ...rest }) => rest);
  };

  const onServerRefusal = (err: Error) => {
    const message = err.message;
    if (/insufficient vote credits/i.test(message)) {
      toast.error(
        'Insufficient Vote Credits',
        `You need ${formatNumber(BADGE_CONTEST_CREDIT_COST)} vote credits to create a badge contest.`,
      );
      void refreshUser();
      return goTo(2);
    }
    if (/wallet/i.test(message)) {
      toast.error('Insufficient Funds', message);
      void wallet.refetch();
      return goTo(2);
    }
    const fields = err instanceof ApiError ? err.fieldErrors : undefined;
    if (fields && Object.keys(fields).length > 0) {
      setServerErrors(fields);
      const first = Object.keys(fields)
        .map(stepOf)
        .filter((s): s is Step => s !== undefined)
        .sort((a, b) => a - b)[0];
      if (first) {
        reveal(first);
        goTo(first);
      }
    }
    toast.error('Creation Failed', message || CREATE_FAILED);
  };

  const submit = () => {
    if (inFlight.current) return;
    for (const { step: s } of STEPS) {
      if (!isValid(s)) return refuseStep(s, `Please complete step ${s} before submitting.`);
    }
    const problem = fundingProblem();
    if (problem) {
      toast.error(problem.title, problem.message);
      return goTo(2);
    }
    const parsed = ZCreateContest.safeParse(toPayload(form));
    if (!parsed.success) {
      // Every step passed, so this is a cross-step rule: show it where it belongs.
      const errors = fieldErrors(parsed.error);
      setServerErrors(errors);
      const first = stepOf(Object.keys(errors)[0] ?? '') ?? 1;
      return refuseStep(first, `Please complete step ${first} before submitting.`);
    }
    inFlight.current = true;
    create.mutate(
      { payload: parsed.data, cover },
      {
        onSuccess: (res) => {
          // The prize left the wallet; the overview figures and the organizer's public lists moved too.
          void refreshWallet(queryClient);
          void refreshDashboard(queryClient);
          void refreshUsers(queryClient);
          void refreshUser();
          toast.success('Contest Created!', res.message ?? 'Your contest is now live.');
          navigate(paths.dashboard.contests());
        },
        onError: (err) => {
          inFlight.current = false;
          onServerRefusal(err);
        },
      },
    );
  };

  const props: StepProps = { form, update, error: errorFor, disabled: pending };
  const meta = STEPS[step - 1]!;
  const stepValid = isValid(step);

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Create a New Contest</h2>
        <p className="text-slate-400">Six short steps, and your contest goes live.</p>
      </div>

      <FreeTierBanner user={user} />

      <Card className="p-4 sm:p-6">
        <StepNav current={step} valid={(s) => visited.has(s) && isValid(s)} onSelect={goTo} />
      </Card>

      <Card className="space-y-6 p-4 sm:p-6">
        <div>
          <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            Step {step}: {meta.title}
          </h3>
          <p className="text-sm text-slate-400">{meta.description}</p>
        </div>

        <form
          noValidate
          aria-label={meta.title}
          onSubmit={(e) => {
            e.preventDefault();
            if (step === LAST_STEP) submit();
            else next();
          }}
        >
          {step === 1 && (
            <BasicInfoStep
              {...props}
              cover={{
                file: cover,
                error: coverError ?? serverErrors.coverImage,
                onPick: pickCover,
                onClear: () => {
                  setCover(null);
                  setCoverError(undefined);
                },
              }}
            />
          )}
          {step === 2 && <PrizeStep {...props} credits={credits} wallet={walletState} />}
          {step === 3 && <EntryStep {...props} />}
          {step === 4 && <TimelineStep {...props} />}
          {step === 5 && <VotingStep {...props} />}
          {step === 6 && <RestrictionsStep {...props} />}
        </form>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-800 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="ghost" onClick={() => navigate(paths.dashboard.contests())} disabled={pending}>
            Cancel
          </Button>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            {!stepValid && step !== LAST_STEP && (
              <button type="button" onClick={() => reveal(step)} className="text-sm text-slate-400 underline hover:text-slate-200">
                What&apos;s missing?
              </button>
            )}
            <div className="flex gap-3">
              <Button
                variant="outline"
                className="flex-1 sm:flex-none"
                onClick={() => goTo((step - 1) as Step)}
                disabled={step === 1 || pending}
                icon={<ArrowLeft className="h-4 w-4" aria-hidden />}
              >
                Previous
              </Button>
              {step < LAST_STEP ? (
                <Button className="flex-1 sm:flex-none" onClick={next} disabled={!stepValid || pending}>
                  Next
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </Button>
              ) : (
                <Button
                  className="flex-1 sm:flex-none"
                  onClick={submit}
                  loading={pending}
                  icon={<Rocket className="h-4 w-4" aria-hidden />}
                >
                  {pending ? 'Creating...' : 'Create Contest'}
                </Button>
              )}
            </div>
          </div>
        </div>
      </Card>
    </div>
  );
}
