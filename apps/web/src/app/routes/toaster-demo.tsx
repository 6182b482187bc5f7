import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { BellRing, CheckCircle2, Eraser, Info, Layers, Timer, TriangleAlert, XCircle, type LucideIcon } from 'lucide-react';
import { PROFILE_COMPLETION_MIN_TO_ENTER, TOAST, VOTE_WEIGHTS, paths } from '@contesthub/shared';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { defaultDuration, useToast, type ToastInput, type ToastType } from '../../components/ui/toast';

const BURST_SIZE = 25;

const seconds = (ms: number) => `${ms / 1000} s`;

interface Sample {
  type: ToastType;
  label: string;
  icon: LucideIcon;
  variant: 'primary' | 'danger' | 'accent' | 'secondary';
  iconClass: string;
  toast: Omit<ToastInput, 'type'>;
}

const SAMPLES: Sample[] = [
  {
    type: 'success',
    label: 'Success',
    icon: CheckCircle2,
    variant: 'primary',
    iconClass: 'text-slate-950',
    toast: { title: 'Entry Submitted!', message: 'Your entry has been submitted and is now live!' },
  },
  {
    type: 'error',
    label: 'Error',
    icon: XCircle,
    variant: 'danger',
    iconClass: 'text-white',
    toast: { title: 'Vote Failed', message: 'There was an error casting your vote. Please try again.' },
  },
  {
    type: 'warning',
    label: 'Warning',
    icon: TriangleAlert,
    variant: 'accent',
    iconClass: 'text-slate-950',
    toast: {
      title: 'Profile Incomplete',
      message: `Complete at least ${PROFILE_COMPLETION_MIN_TO_ENTER}% of your profile to submit entries.`,
    },
  },
  {
    type: 'info',
    label: 'Info',
    icon: Info,
    variant: 'secondary',
    iconClass: 'text-sky-300',
    toast: { title: 'Did you know?', message: `A paid vote counts ${VOTE_WEIGHTS.paid / VOTE_WEIGHTS.free} times as much as a free vote.` },
  },
];

const BURST_TYPES: ToastType[] = ['success', 'info', 'warning', 'error'];

const TIMING_ROWS: Array<{ label: string; value: string; note: string }> = [
  { label: 'Success', value: seconds(defaultDuration('success')), note: 'Default duration' },
  { label: 'Info', value: seconds(defaultDuration('info')), note: 'Default duration' },
  { label: 'Warning', value: seconds(defaultDuration('warning')), note: 'A little longer to read' },
  { label: 'Error', value: seconds(defaultDuration('error')), note: 'Longest, so the problem is not missed' },
  { label: 'Custom', value: seconds(TOAST.demoCustomMs), note: 'Any notification can set its own duration' },
  { label: 'Fade-out', value: `${TOAST.fadeOutMs} ms`, note: 'After the duration ends or on dismiss' },
  { label: 'Maximum held', value: String(TOAST.maxHeld), note: 'The oldest give way to newer ones' },
];

export default function ToasterDemoPage() {
  const { toast, dismiss } = useToast();
  const shown = useRef<number[]>([]);
  const [lastBurst, setLastBurst] = useState(false);

  const show = (input: ToastInput) => {
    shown.current.push(toast(input));
  };

  const showBurst = () => {
    for (let i = 0; i < BURST_SIZE; i += 1) {
      show({
        type: BURST_TYPES[i % BURST_TYPES.length] ?? 'info',
        title: `Notification ${i + 1} of ${BURST_SIZE}`,
        message: `At most ${TOAST.maxHeld} notifications are held, so the first ${BURST_SIZE - TOAST.maxHeld} give way.`,
      });
    }
    setLastBurst(true);
  };

  const clearAll = () => {
    shown.current.forEach((id) => dismiss(id));
    shown.current = [];
    setLastBurst(false);
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-emerald-400">Toaster demo</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-100 sm:text-4xl">Notification types</h1>
        <p className="mt-3 text-base text-slate-300">
          ContestHub uses short notifications to confirm actions, flag problems and share tips. Try each type below; notifications appear at
          the top of the screen and can be dismissed at any time.
        </p>
      </header>

      <section aria-labelledby="types-heading" className="mt-10">
        <h2 id="types-heading" className="text-xl font-semibold text-slate-100">
          Try each type
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SAMPLES.map(({ type, label, icon: Icon, variant, iconClass, toast: sample }) => (
            <li key={type}>
              <Card className="flex h-full flex-col p-5">
                <p className="font-semibold text-slate-100">{sample.title}</p>
                <p className="mt-1 flex-1 text-sm text-slate-300">{sample.message}</p>
                <p className="mt-3 text-xs text-slate-400">Shown for {seconds(defaultDuration(type))}</p>
                <Button
                  variant={variant}
                  className="mt-4 w-full"
                  icon={<Icon className={`h-4 w-4 ${iconClass}`} aria-hidden />}
                  onClick={() => show({ type, ...sample })}
                >
                  {label}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="more-heading" className="mt-12">
        <h2 id="more-heading" className="text-xl font-semibold text-slate-100">
          Duration and capacity
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Card className="p-5">
            <h3 className="inline-flex items-center gap-2 font-semibold text-slate-100">
              <Timer className="h-5 w-5 text-amber-300" aria-hidden /> Custom duration
            </h3>
            <p className="mt-2 text-sm text-slate-300">
              This notification stays for {seconds(TOAST.demoCustomMs)} instead of the default {seconds(TOAST.defaultMs)}.
            </p>
            <Button
              variant="outline"
              className="mt-4 w-full sm:w-auto"
              icon={<BellRing className="h-4 w-4" aria-hidden />}
              onClick={() =>
                show({
                  type: 'info',
                  title: 'Custom duration',
                  message: `This notification stays on screen for ${seconds(TOAST.demoCustomMs)}.`,
                  duration: TOAST.demoCustomMs,
                })
              }
            >
              Custom duration ({TOAST.demoCustomMs / 1000} s)
            </Button>
          </Card>
          <Card className="p-5">
            <h3 className="inline-flex items-center gap-2 font-semibold text-slate-100">
              <Layers className="h-5 w-5 text-amber-300" aria-hidden /> Burst
            </h3>
            <p className="mt-2 text-sm text-slate-300">
              Sends {BURST_SIZE} notifications at once. Only the newest {TOAST.maxHeld} are held; the oldest give way.
            </p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button variant="outline" icon={<Layers className="h-4 w-4" aria-hidden />} onClick={showBurst}>
                Burst of {BURST_SIZE}
              </Button>
              <Button variant="ghost" icon={<Eraser className="h-4 w-4" aria-hidden />} onClick={clearAll}>
                Dismiss all
              </Button>
            </div>
            {lastBurst && (
              <p className="mt-3 text-xs text-slate-400">
                {BURST_SIZE} sent; the list kept only the newest {TOAST.maxHeld}, so notifications 1 to {BURST_SIZE - TOAST.maxHeld} gave
                way.
              </p>
            )}
          </Card>
        </div>
      </section>

      <section aria-labelledby="timing-heading" className="mt-12">
        <h2 id="timing-heading" className="text-xl font-semibold text-slate-100">
          Timing at a glance
        </h2>
        <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Notification durations and limits</caption>
            <thead className="bg-slate-900 text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Notification
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Value
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Notes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800 bg-slate-950">
              {TIMING_ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-100">
                    {row.label}
                  </th>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums text-emerald-300">{row.value}</td>
                  <td className="px-4 py-3 text-slate-300">{row.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-6 text-sm text-slate-400">
          Have feedback about notifications?{' '}
          <Link to={paths.contact()} className="font-medium text-emerald-300 underline underline-offset-2 hover:text-emerald-200">
            Contact support
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
