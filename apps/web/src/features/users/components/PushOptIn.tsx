import { useEffect, useState } from 'react';
import { BellRing } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { currentPushState, turnPushOff, turnPushOn, type PushState } from '../lib/push';

const HINTS: Record<PushState, string> = {
  unsupported: 'This browser cannot receive push notifications.',
  denied: 'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
  off: 'Get the notifications ticked under Push on this device, even when ContestHub is closed.',
  on: 'This browser receives push notifications.',
};

/** Push on this browser: asks the browser's permission only when the button is pressed. */
export function PushOptIn({ onChanged }: { onChanged?: () => void }) {
  const toast = useToast();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    currentPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const act = async () => {
    setBusy(true);
    try {
      const next = state === 'on' ? await turnPushOff() : await turnPushOn();
      setState(next);
      onChanged?.();
      if (next === 'on') toast.success('Push Notifications', 'Push notifications are on for this browser');
      if (next === 'off' && state === 'on') toast.success('Push Notifications', 'Push notifications are off for this browser');
    } catch {
      toast.error('Push Notifications', 'Could not change push notifications for this browser. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-800 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-300" id="push-opt-in-hint">
        {HINTS[state]}
      </p>
      {state !== 'unsupported' && (
        <Button
          variant={state === 'on' ? 'outline' : 'primary'}
          size="sm"
          loading={busy}
          disabled={state === 'denied'}
          aria-describedby="push-opt-in-hint"
          icon={<BellRing className="h-4 w-4" aria-hidden />}
          onClick={() => void act()}
        >
          {state === 'on' ? 'Turn off on this browser' : 'Turn on push notifications'}
        </Button>
      )}
    </div>
  );
}
