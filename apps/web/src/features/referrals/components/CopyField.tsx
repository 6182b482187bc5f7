import { useId, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/clipboard';

export const COPY_FAILED = 'Failed to copy referral link or code';

/** A read-only value (referral code or link) with a copy button (spec 001 §8 Referrals toasts). */
export function CopyField({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  const id = useId();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
      toast.success('Copied!', `${label} copied to clipboard`);
    } else {
      toast.error('Copy Failed', COPY_FAILED);
    }
  };
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="flex min-w-0 gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={`min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-slate-100 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30 ${mono ? 'font-mono tracking-widest' : ''}`}
        />
        <Button
          variant="secondary"
          onClick={() => void copy()}
          aria-label={`Copy ${label.toLowerCase()}`}
          icon={copied ? <Check className="h-4 w-4 text-emerald-300" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
        >
          <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}
