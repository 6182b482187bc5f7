import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Loader2, Search } from 'lucide-react';
import { ZBankAccountRequest, type TBankAccount } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Skeleton } from '../../../components/ui/card';
import { FormDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { RetryNote } from '../../../components/ui/list-states';
import { cn } from '../../../lib/cn';
import { fieldErrors } from '../../../lib/forms';
import { useAddBankAccount } from '../api/add-bank-account';
import { useBanks } from '../api/get-banks';
import { patchWallet, walletKey } from '../api/get-wallet';
import { useResolveAccount } from '../api/resolve-account';
import { serverMessageOr } from '../../../lib/errors';
import { WITHDRAW_MESSAGES as M } from '../lib/messages';

/** Nigerian account numbers (NUBAN) have 10 digits (spec 001 §9). */
export const ACCOUNT_NUMBER_LENGTH = 10;

/**
 * Add Bank Account (spec 001 §2, §5): a bank from the list (searchable by name, case-insensitive), a
 * 10-digit account number, and the account name resolved by the bank (read-only) once both are there.
 * The server resolves the name again when it saves, so what is saved is always the bank's name.
 */
export function BankAccountDialog({
  current,
  onClose,
  onSaved,
}: {
  current: TBankAccount | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const banks = useBanks();
  const save = useAddBankAccount();
  const [search, setSearch] = useState('');
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [error, setError] = useState<string>();

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list = banks.data ?? [];
    return needle ? list.filter((b) => b.name.toLowerCase().includes(needle)) : list;
  }, [banks.data, search]);
  const chosen = banks.data?.find((b) => b.code === bankCode);

  const complete = accountNumber.length === ACCOUNT_NUMBER_LENGTH && bankCode !== '';
  const resolved = useResolveAccount({ accountNumber, bankCode }, complete);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZBankAccountRequest.safeParse({ accountNumber, bankCode });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setError(found.accountNumber ?? found.bankCode ?? Object.values(found)[0]);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: ({ bankAccount }) => {
        patchWallet(queryClient, { bankAccount });
        void queryClient.invalidateQueries({ queryKey: walletKey() });
        toast.success(
          M.bankAdded,
          bankAccount ? `Withdrawals will be paid to ${bankAccount.accountName}, ${bankAccount.bankName}.` : undefined,
        );
        onSaved();
      },
      onError: (err) => {
        const text = serverMessageOr(err, M.bankFailed);
        setError(text);
        toast.error(text);
      },
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={current ? 'Change Bank Account' : 'Add Bank Account'}
      description="Withdrawals are paid to this account. The account name comes from your bank."
      formId={formId}
      submitLabel="Save Account"
      pending={save.isPending}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium text-slate-200">
            Bank
            <span className="ml-0.5 text-red-400" aria-hidden>
              *
            </span>
          </legend>
          {banks.isPending ? (
            <div role="status" aria-label="Loading banks" className="space-y-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-32" />
            </div>
          ) : banks.isError ? (
            <RetryNote message={M.banksFailed} onRetry={() => void banks.refetch()} />
          ) : (
            <>
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
                <input
                  type="search"
                  aria-label="Search banks"
                  placeholder="Search banks"
                  autoComplete="off"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  className="w-full rounded-lg border border-slate-700 bg-slate-900 py-2.5 pr-3 pl-9 text-sm text-slate-100 placeholder:text-slate-400 focus:border-emerald-500 focus:ring-2 focus:ring-emerald-500/30 focus:outline-none"
                />
              </div>
              {chosen && (
                <p className="text-xs text-slate-400">
                  Selected: <span className="font-medium text-slate-200">{chosen.name}</span>
                </p>
              )}
              <div
                role="radiogroup"
                aria-label="Banks"
                className="max-h-48 overflow-y-auto rounded-lg border border-slate-800 bg-slate-950/40 p-1"
              >
                {shown.length === 0 ? (
                  <p className="px-3 py-4 text-center text-sm text-slate-400">No bank matches “{search.trim()}”.</p>
                ) : (
                  shown.map((bank) => (
                    <label
                      key={bank.code}
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-400',
                        bank.code === bankCode ? 'bg-emerald-500/15 text-emerald-200' : 'text-slate-200 hover:bg-slate-800',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${formId}-bank`}
                        value={bank.code}
                        checked={bank.code === bankCode}
                        onChange={() => {
                          setBankCode(bank.code);
                          setError(undefined);
                        }}
                        className="accent-emerald-500"
                      />
                      <span className="min-w-0 break-words">{bank.name}</span>
                    </label>
                  ))
                )}
              </div>
            </>
          )}
        </fieldset>

        <TextField
          label="Account number"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={ACCOUNT_NUMBER_LENGTH}
          placeholder="10 digits"
          value={accountNumber}
          onChange={(e) => {
            setAccountNumber(e.target.value.replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_LENGTH));
            setError(undefined);
          }}
          hint={current ? `Now: ${current.bankName} · ${current.accountNumber}` : undefined}
        />

        <div className="space-y-1.5">
          <TextField
            label="Account name"
            readOnly
            value={complete && resolved.data ? resolved.data.accountName : ''}
            placeholder={complete ? '' : 'Shown once the bank and 10 digits are in'}
            aria-busy={resolved.isFetching || undefined}
          />
          {complete && resolved.isFetching && (
            <p role="status" className="flex items-center gap-2 text-xs text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
              Checking the account name…
            </p>
          )}
          {complete && resolved.isError && !resolved.isFetching && (
            <p role="alert" className="text-sm text-red-400">
              {serverMessageOr(resolved.error, M.resolveFailed)}
            </p>
          )}
          {complete && resolved.data && !resolved.isFetching && (
            <p className="flex items-center gap-1.5 text-xs text-emerald-300">
              <CircleCheck className="h-3.5 w-3.5" aria-hidden />
              Account name confirmed by the bank
            </p>
          )}
        </div>

        {error && (
          <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
