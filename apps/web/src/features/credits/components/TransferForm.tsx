import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Send, X } from 'lucide-react';
import {
  creditsText,
  formatNaira,
  formatNumber,
  TRANSFER_FEE_KOBO,
  TRANSFER_MIN_CREDITS,
  type TTransferUser,
  type TWallet,
  paths,
} from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { refreshTransferHistory } from '../api/get-transfer-history';
import { transferToEach, type RecipientOutcome } from '../api/transfer-credits';
import { TRANSFER_TEXT } from '../lib/transfer-messages';
import { canSubmit, checkTransfer, creditsInput, quoteOf, type Holdings } from '../lib/transfer-form';
import { RecipientSearch } from './RecipientSearch';

/**
 * The transfer form (spec 001 §2, §5, §7): recipients, whole credits each (at least 10), the account
 * password, a live summary, then one call per recipient in order. Recipients who received the credits
 * leave the list; those who did not stay, each with the server's reason. `wallet` holds what the transfer
 * spends (credits) and what pays its fees (naira); `onTransferred` hears when any credits left it.
 */
export function TransferForm({ wallet, onTransferred }: { wallet: TWallet | undefined; onTransferred?: () => void }) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const [recipients, setRecipients] = useState<TTransferUser[]>([]);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [amountText, setAmountText] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<{ index: number; of: number } | null>(null);
  const [results, setResults] = useState<RecipientOutcome[] | null>(null);
  const keys = useRef(new Map<string, string>());

  const holdings: Holdings | null = wallet ? { voteCredits: wallet.voteCredits, balanceKobo: wallet.balance } : null;
  const draft = { recipients: recipients.length, amountText, password };
  const quote = quoteOf(draft);
  const busy = sending !== null;

  const edit = () => setError(null);
  const add = (user: TTransferUser) => {
    setRecipients((list) => (list.some((u) => u.id === user.id) ? list : [...list, user]));
    edit();
  };
  const remove = (id: string) => {
    setRecipients((list) => list.filter((u) => u.id !== id));
    setReasons(({ [id]: _gone, ...rest }) => rest);
    edit();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const refusal = checkTransfer(draft, holdings);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    const batch = [...recipients];
    setSending({ index: 0, of: batch.length });
    const outcomes = await transferToEach({
      recipients: batch,
      amount: Number(amountText),
      password,
      keys: keys.current,
      onProgress: (index) => setSending({ index, of: batch.length }),
    });
    setSending(null);
    setResults(outcomes);

    const sent = outcomes.filter((o) => o.ok);
    const failed = outcomes.filter((o) => !o.ok);
    const sentIds = new Set(sent.map((o) => o.recipient.id));
    setRecipients((list) => list.filter((u) => !sentIds.has(u.id)));
    setReasons(Object.fromEntries(failed.map((o) => [o.recipient.id, o.reason])));

    if (sent.length) toast.success(TRANSFER_TEXT.succeeded(sent.length));
    if (failed.some((o) => o.walletMissing)) {
      toast.error(TRANSFER_TEXT.createWalletFirst);
    } else if (failed.length) {
      const distinct = [...new Set(failed.map((o) => o.reason))];
      toast.error(TRANSFER_TEXT.failed(failed.length), distinct.length === 1 ? distinct[0] : undefined);
    }
    if (!failed.length) {
      setAmountText('');
      setPassword('');
    }
    if (sent.length) {
      // Balances, the history and the header's credit count all changed.
      void refreshTransferHistory(queryClient);
      void refreshUser();
      onTransferred?.();
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-6" aria-label="Transfer credits">
        <RecipientSearch selected={recipients} onAdd={add} disabled={busy} />

        <section aria-labelledby={`${formId}-selected`} className="space-y-2">
          <h3 id={`${formId}-selected`} className="text-sm font-medium text-slate-200">
            Selected recipients ({recipients.length})
          </h3>
          {recipients.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-700 px-4 py-3 text-sm text-slate-400">
              No recipients yet. Search above and add the members who should receive credits.
            </p>
          ) : (
            <ul aria-label="Selected recipients" className="divide-y divide-slate-800 rounded-xl border border-slate-800">
              {recipients.map((user) => (
                <li key={user.id} className="flex items-start gap-3 px-4 py-2.5" data-testid="selected-recipient">
                  <UserAvatar name={user.fullName} src={user.profilePicture} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{user.fullName}</p>
                    <p className="truncate text-xs text-slate-400">{user.email}</p>
                    {reasons[user.id] && <p className="mt-1 text-xs break-words text-red-300">{reasons[user.id]}</p>}
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => remove(user.id)}
                    aria-label={`Remove ${user.fullName}`}
                    icon={<X className="h-4 w-4" aria-hidden />}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Credits per recipient"
            required
            inputMode="numeric"
            autoComplete="off"
            placeholder={`At least ${TRANSFER_MIN_CREDITS}`}
            value={amountText}
            disabled={busy}
            onChange={(e) => {
              setAmountText(creditsInput(e.target.value));
              edit();
            }}
            hint={`Whole credits, at least ${TRANSFER_MIN_CREDITS} per recipient.`}
          />
          <PasswordField
            label="Account password"
            autoComplete="current-password"
            value={password}
            disabled={busy}
            onChange={(e) => {
              setPassword(e.target.value);
              edit();
            }}
            hint="Confirms it is you sending the credits."
          />
        </div>

        <Summary recipients={recipients.length} quote={quote} holdings={holdings} />

        {error && (
          <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {error}
          </p>
        )}

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
          {sending && (
            <p role="status" className="text-sm text-slate-400">
              Sending {sending.index + 1} of {sending.of}…
            </p>
          )}
          <Button type="submit" loading={busy} disabled={!canSubmit(draft, holdings)} icon={<Send className="h-4 w-4" aria-hidden />}>
            Transfer Credits
          </Button>
        </div>
      </form>

      {results && <Results outcomes={results} />}
    </Card>
  );
}

/** Credits per recipient × recipients = total; ₦100 × recipients in fees; and the balances left afterwards. */
function Summary({ recipients, quote, holdings }: { recipients: number; quote: ReturnType<typeof quoteOf>; holdings: Holdings | null }) {
  const row = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1';
  return (
    <section aria-label="Transfer summary" className="rounded-xl border border-slate-800 bg-slate-950/40 p-4 text-sm">
      <h3 className="font-semibold">Summary</h3>
      <dl className="mt-3 space-y-2">
        <div className={row}>
          <dt className="text-slate-400">Total credits</dt>
          <dd className="font-medium" data-testid="summary-credits">
            {quote ? `${creditsText(quote.creditsPerRecipient)} × ${recipients} = ${creditsText(quote.totalCredits)}` : '—'}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-400">Transfer fees</dt>
          <dd className="font-medium" data-testid="summary-fees">
            {recipients > 0 ? `${formatNaira(TRANSFER_FEE_KOBO)} × ${recipients} = ${formatNaira(TRANSFER_FEE_KOBO * recipients)}` : '—'}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-400">Vote credits after</dt>
          <dd className="font-medium" data-testid="summary-credits-after">
            {quote && holdings ? formatNumber(holdings.voteCredits - quote.totalCredits) : '—'}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-400">Naira balance after</dt>
          <dd className="font-medium" data-testid="summary-balance-after">
            {quote && holdings ? formatNaira(holdings.balanceKobo - quote.feeKobo) : '—'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The last transfer: who received the credits. Recipients it failed for stay in the list above with the
 * server's reason; a missing wallet points to the Wallet page.
 */
function Results({ outcomes }: { outcomes: RecipientOutcome[] }) {
  const sent = outcomes.filter((o) => o.ok);
  const failed = outcomes.length - sent.length;
  const walletMissing = outcomes.some((o) => !o.ok && o.walletMissing);
  return (
    <section aria-label="Transfer results" className="mt-6 border-t border-slate-800 pt-4">
      <h3 className="text-sm font-semibold">Last transfer</h3>
      <ul className="mt-2 space-y-2">
        {sent.map((o) => (
          <li key={o.recipient.id} className="flex items-start gap-2 text-sm" data-testid="transfer-result">
            <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" aria-hidden />
            <p className="min-w-0 break-words">
              <span className="font-medium">{o.recipient.fullName}</span> received {creditsText(o.done.amount)}
            </p>
          </li>
        ))}
        {failed > 0 && (
          <li className="flex items-start gap-2 text-sm" data-testid="transfer-result">
            <CircleX className="mt-0.5 h-4 w-4 shrink-0 text-red-400" aria-hidden />
            <p className="min-w-0 break-words text-slate-300">
              Not sent to {failed} recipient(s): each one stays in the list above with the reason.
              {walletMissing && (
                <>
                  {' '}
                  <Link to={paths.dashboard.wallet()} className="font-semibold text-emerald-300 underline">
                    Go to Wallet
                  </Link>
                </>
              )}
            </p>
          </li>
        )}
      </ul>
    </section>
  );
}
