import { Check } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import { LAST_STEP, STEPS, type Step } from '../../lib/wizard';

/**
 * Progress bar and the six step buttons (any step may be opened). The buttons flow in two columns on
 * a phone, three on a tablet or a narrow desktop and one row from 1280 px; a label never gets cut
 * (it wraps if a column is ever too narrow for it).
 */
export function StepNav({ current, valid, onSelect }: { current: Step; valid: (step: Step) => boolean; onSelect: (step: Step) => void }) {
  const percent = Math.round((current / LAST_STEP) * 100);
  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <div className="flex justify-between text-xs text-slate-400">
          <span>
            Step {current} of {LAST_STEP}
          </span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Wizard progress"
          aria-valuemin={1}
          aria-valuemax={LAST_STEP}
          aria-valuenow={current}
          aria-valuetext={`Step ${current} of ${LAST_STEP}`}
          className="h-2 overflow-hidden rounded-full bg-slate-800"
        >
          <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <nav aria-label="Wizard steps">
        <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
          {STEPS.map(({ step, title }) => {
            const active = step === current;
            const done = step !== current && valid(step);
            return (
              <li key={step} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onSelect(step)}
                  aria-label={`Step ${step}: ${title}`}
                  aria-current={active ? 'step' : undefined}
                  className={cn(
                    'flex w-full min-w-0 items-center gap-2 rounded-lg border px-2.5 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
                    active
                      ? 'border-emerald-500 bg-emerald-500/10 text-emerald-200'
                      : 'border-slate-700 text-slate-300 hover:border-slate-500 hover:bg-slate-800/60',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs font-bold',
                      active
                        ? 'bg-emerald-500 text-slate-950'
                        : done
                          ? 'bg-emerald-500/20 text-emerald-300'
                          : 'bg-slate-800 text-slate-300',
                    )}
                  >
                    {done ? <Check className="h-3.5 w-3.5" /> : step}
                  </span>
                  <span className="min-w-0 break-words">{title}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
