import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, TIER_LABELS, type TSubscription } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useCancelSubscription } from '../api/cancel-subscription';
import { refreshSubscriptions } from '../api/keys';
import { SUBSCRIPTION_TEXT } from '../lib/messages';

/** Cancellation asks for confirmation (spec 001 §5); the benefits stay until the end date (§4). */
export function CancelDialog({ subscription, onClose }: { subscription: TSubscription; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const cancel = useCancelSubscription();
  const tier = TIER_LABELS[subscription.tier];
  const until = subscription.endDate ? formatDate(subscription.endDate) : 'the end of the period you paid for';

  // isPending turns true only after a render: a second press before it (a double click) must send nothing.
  const inFlight = useRef(false);
  const confirm = () => {
    if (inFlight.current || cancel.isPending) return;
    inFlight.current = true;
    cancel.mutate(undefined, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: () => {
        toast.success(SUBSCRIPTION_TEXT.cancelled, `You keep ${tier} until ${until}.`);
        void refreshSubscriptions(queryClient);
        void refreshUser();
        onClose();
      },
      onError: () => toast.error(SUBSCRIPTION_TEXT.cancelFailed),
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!cancel.isPending}
      title="Cancel Subscription?"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
            Keep Subscription
          </Button>
          <Button variant="danger" onClick={confirm} loading={cancel.isPending}>
            Cancel Subscription
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-300">
        Your {tier} benefits stay until {until}. After that your account returns to the Free plan. You can extend again any time before
        then.
      </p>
    </Dialog>
  );
}
