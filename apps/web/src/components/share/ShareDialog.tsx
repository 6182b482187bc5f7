import { useEffect, useId, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import { SHARE_COPIED_MS } from '@contesthub/shared';
import { useToast } from '../ui/toast';
import { copyText } from '../../lib/clipboard';
import { shareLinks } from '../../lib/share';
import { FacebookIcon, LinkedInIcon, TelegramIcon, TwitterIcon, WhatsAppIcon } from '../ui/brand-icons';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** Dialog title, e.g. 'Share Entry'. */
  title: string;
  /** What is shared (shown under the title and used as the device share title). */
  subject: string;
  /** The message that goes with the link on networks that take one. */
  text: string;
  url: string;
}

type Network = { name: string; href: string; icon: ComponentType<SVGProps<SVGSVGElement>>; className: string };

/**
 * Share a link (spec 000 §2 All entries): Twitter, Facebook, LinkedIn, WhatsApp, Telegram, the
 * device's own share sheet when the browser has one, and copy link ('Copied' for 2 seconds).
 */
export function ShareDialog({ open, onClose, title, subject, text, url }: ShareDialogProps) {
  const toast = useToast();
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const networks: Network[] = [
    { name: 'Twitter', href: shareLinks.twitter(text, url), icon: TwitterIcon, className: 'hover:border-slate-400' },
    { name: 'Facebook', href: shareLinks.facebook(url), icon: FacebookIcon, className: 'hover:border-blue-500 [&>svg]:text-blue-400' },
    { name: 'LinkedIn', href: shareLinks.linkedin(url), icon: LinkedInIcon, className: 'hover:border-sky-500 [&>svg]:text-sky-400' },
    {
      name: 'WhatsApp',
      href: shareLinks.whatsapp(text, url),
      icon: WhatsAppIcon,
      className: 'hover:border-emerald-500 [&>svg]:text-emerald-400',
    },
    { name: 'Telegram', href: shareLinks.telegram(text, url), icon: TelegramIcon, className: 'hover:border-sky-400 [&>svg]:text-sky-300' },
  ];
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), SHARE_COPIED_MS);
      toast.success('Link Copied!', 'The link has been copied to your clipboard.');
    } else {
      toast.error('Copy Failed', 'Could not copy the link. Please copy it from the box instead.');
    }
  };

  const deviceShare = async () => {
    try {
      await navigator.share({ title: subject, text, url });
    } catch (err) {
      // Closing the share sheet is not a failure worth telling.
      if ((err as Error).name !== 'AbortError') toast.error('Share Failed', 'Your device could not share this link.');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} description={subject}>
      <div className="space-y-5">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {networks.map(({ name, href, icon: Icon, className }) => (
            <li key={name}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Share on ${name}`}
                className={`flex h-11 items-center gap-2 rounded-lg border border-slate-700 bg-slate-950 px-3 text-sm font-medium text-slate-100 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 ${className}`}
              >
                <Icon className="h-5 w-5 shrink-0" />
                {name}
              </a>
            </li>
          ))}
          {canShare && (
            <li>
              <button
                type="button"
                onClick={() => void deviceShare()}
                className="flex h-11 w-full items-center gap-2 rounded-lg border border-slate-700 bg-slate-950 px-3 text-sm font-medium text-slate-100 transition-colors hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
              >
                <Share2 className="h-5 w-5 shrink-0 text-amber-300" aria-hidden />
                More options
              </button>
            </li>
          )}
        </ul>
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-200">
            Link
          </label>
          <div className="flex min-w-0 gap-2">
            <input
              id={inputId}
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-slate-100 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30"
            />
            <Button
              variant={copied ? 'primary' : 'secondary'}
              onClick={() => void copy()}
              icon={copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy Link'}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
