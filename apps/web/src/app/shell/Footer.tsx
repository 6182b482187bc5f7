import { Link } from 'react-router';
import { BadgeCheck, CreditCard, Landmark, LockKeyhole, ShieldCheck, Smartphone, Mail } from 'lucide-react';
import { PRODUCT_NAME, SUPPORT_EMAIL, paths } from '@contesthub/shared';
import { FacebookIcon, TwitterIcon, WhatsAppIcon } from '../../components/ui/brand-icons';
import { shareLinks, supportWhatsApp } from '../../lib/share';
import { useSupportWhatsApp } from '../../features/support/api/get-support-contact';
import { Logo } from './Logo';

const COLUMNS = [
  {
    title: 'Quick Links',
    links: [
      { to: paths.contests(), label: 'Browse Contests' },
      { to: paths.entries(), label: 'All Entries' },
      { to: paths.howItWorks(), label: 'How It Works' },
      { to: paths.pricing(), label: 'Pricing' },
      { to: paths.leaderboard(), label: 'Leaderboard' },
      { to: paths.create(), label: 'Create a Contest' },
    ],
  },
  {
    title: 'Contest Types',
    links: [
      { to: paths.cashPrizeContests(), label: 'Cash Prize' },
      { to: paths.itemsPrizeContests(), label: 'Items Prize' },
      { to: paths.hybridPrizeContests(), label: 'Hybrid Prize' },
      { to: paths.openContests(), label: 'Open Contest' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: paths.contact(), label: 'Contact Support' },
      { to: paths.help(), label: 'Help Center' },
      { to: paths.faq(), label: 'FAQs' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.privacy(), label: 'Privacy Policy' },
      { to: paths.terms(), label: 'Terms of Service' },
      { to: paths.communityGuidelines(), label: 'Community Guidelines' },
    ],
  },
];

const PAYMENT_BADGES = [
  { icon: CreditCard, label: 'Cards via Paystack' },
  { icon: Landmark, label: 'Bank Transfer' },
  { icon: Smartphone, label: 'Mobile Money' },
];

const COMPLIANCE_BADGES = [
  { icon: ShieldCheck, label: 'NDPR Compliant' },
  { icon: LockKeyhole, label: 'SSL Secured' },
  { icon: BadgeCheck, label: 'Escrow Protected Prizes' },
];

export function Footer() {
  const whatsapp = useSupportWhatsApp();
  const siteUrl = typeof window === 'undefined' ? '' : window.location.origin;
  const shareText = `Join me on ${PRODUCT_NAME}: creative contests for Nigeria. Enter, vote and win!`;
  const shares = [
    { href: shareLinks.whatsapp(shareText, siteUrl), label: 'Share on WhatsApp', icon: WhatsAppIcon, className: 'hover:text-green-400' },
    { href: shareLinks.twitter(shareText, siteUrl), label: 'Share on Twitter', icon: TwitterIcon, className: 'hover:text-sky-300' },
    { href: shareLinks.facebook(siteUrl), label: 'Share on Facebook', icon: FacebookIcon, className: 'hover:text-blue-400' },
  ];
  return (
    <footer className="border-t border-slate-800 bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div className="space-y-4">
            <Logo />
            <p className="max-w-sm text-sm text-slate-400">
              Nigeria&apos;s home for creative contests. Run a contest, enter your best work, vote for your favourites and win prizes paid
              in naira.
            </p>
            <div className="flex flex-col gap-2 text-sm text-slate-300">
              <a href={`mailto:${SUPPORT_EMAIL}`} className="inline-flex items-center gap-2 hover:text-emerald-300">
                <Mail className="h-4 w-4" aria-hidden /> {SUPPORT_EMAIL}
              </a>
              {whatsapp && (
                <a
                  href={supportWhatsApp(whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 hover:text-emerald-300"
                >
                  <WhatsAppIcon className="h-4 w-4" /> WhatsApp support, 24/7
                </a>
              )}
            </div>
          </div>
          {COLUMNS.map((col) => (
            <div key={col.title}>
              <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-200">{col.title}</h2>
              <ul className="mt-4 space-y-2.5">
                {col.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-sm text-slate-400 hover:text-emerald-300">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>

        <div className="mt-10 grid gap-6 border-t border-slate-800 pt-8 md:grid-cols-3">
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-400">We accept</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {PAYMENT_BADGES.map(({ icon: Icon, label }) => (
                <li
                  key={label}
                  className="inline-flex items-center gap-1.5 rounded-md border border-slate-700 bg-slate-900 px-2.5 py-1 text-xs text-slate-300"
                >
                  <Icon className="h-3.5 w-3.5" aria-hidden /> {label}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-400">Trust &amp; compliance</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {COMPLIANCE_BADGES.map(({ icon: Icon, label }) => (
                <li
                  key={label}
                  className="inline-flex items-center gap-1.5 rounded-md border border-emerald-800/60 bg-emerald-950/40 px-2.5 py-1 text-xs text-emerald-300"
                >
                  <Icon className="h-3.5 w-3.5" aria-hidden /> {label}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-400">Share {PRODUCT_NAME}</h2>
            <div className="mt-3 flex gap-2">
              {shares.map(({ href, label, icon: Icon, className }) => (
                <a
                  key={label}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  title={label}
                  className={`grid h-9 w-9 place-items-center rounded-full border border-slate-700 text-slate-300 transition-colors ${className}`}
                >
                  <Icon className="h-4 w-4" />
                </a>
              ))}
            </div>
          </div>
        </div>
        <p className="mt-10 text-center text-xs text-slate-400">
          &copy; {new Date().getFullYear()} {PRODUCT_NAME}. Made for Nigeria&apos;s creative community. Prizes are held in escrow and paid
          in naira.
        </p>
      </div>
    </footer>
  );
}
