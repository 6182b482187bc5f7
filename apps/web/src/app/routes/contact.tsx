import { useSearchParams } from 'react-router';
import { Clock, Mail, Ticket, AlertCircle } from 'lucide-react';
import {
  BUSINESS_HOURS_WAT,
  SUPPORT_AVERAGE_RESPONSE,
  SUPPORT_CATEGORIES,
  SUPPORT_EMAIL,
  SUPPORT_PRIORITIES,
  SUPPORT_RESPONSE_HOURS,
} from '@contesthub/shared';
import { WhatsAppIcon } from '../../components/ui/brand-icons';
import { Badge, Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { supportWhatsApp } from '../../lib/share';
import { SupportTicketForm } from '../../features/support/components/SupportTicketForm';
import { useSupportWhatsApp } from '../../features/support/api/get-support-contact';
import { PRIORITY_TONE } from '../../features/support/lib/priority';

/** WhatsApp, when the server has a number configured (SUPPORT_WHATSAPP). */
const whatsAppChannel = (number: string) => ({
  icon: WhatsAppIcon,
  title: 'WhatsApp',
  availability: '24/7',
  response: 'Response within 1 hour',
  href: supportWhatsApp(number, 'Hello ContestHub support, I need help with'),
  action: 'Chat on WhatsApp',
});

const OTHER_CHANNELS = [
  {
    icon: Mail,
    title: 'Email',
    availability: '24/7',
    response: 'Response within 24 hours',
    href: `mailto:${SUPPORT_EMAIL}`,
    action: SUPPORT_EMAIL,
  },
  {
    icon: Ticket,
    title: 'Support ticket',
    availability: 'Tracked until solved',
    response: 'Response within 48 hours',
    href: '#ticket-form',
    action: 'Open a ticket',
  },
];

export default function ContactPage() {
  const { user } = useAuth();
  const whatsapp = useSupportWhatsApp();
  const channels = whatsapp ? [whatsAppChannel(whatsapp), ...OTHER_CHANNELS] : OTHER_CHANNELS;
  const [params] = useSearchParams();
  // Other pages link here with a prefilled subject and category (e.g. an entry appeal).
  const category = SUPPORT_CATEGORIES.find((c) => c === params.get('category'));

  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <header className="text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">Contact Support</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-400">
          We are here to help with contests, payments, payouts and your account. Pick the channel that suits you.
        </p>
      </header>

      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {channels.map(({ icon: Icon, title, availability, response, href, action }) => (
          <Card key={title} className="flex flex-col">
            <Icon className="h-8 w-8 text-emerald-400" />
            <h2 className="mt-4 text-lg font-semibold">{title}</h2>
            <p className="text-sm text-slate-400">{availability}</p>
            <p className="mt-1 text-sm text-slate-300">{response}</p>
            <a
              href={href}
              {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="mt-4 break-all text-sm font-semibold text-emerald-300 hover:underline"
            >
              {action}
            </a>
          </Card>
        ))}
      </div>

      <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <Card id="ticket-form">
          <SupportTicketForm
            name={user?.fullName ?? ''}
            email={user?.email ?? ''}
            category={category}
            subject={params.get('subject') ?? undefined}
          />
        </Card>

        <aside className="space-y-6">
          <Card>
            <h2 className="flex items-center gap-2 font-semibold">
              <Clock className="h-5 w-5 text-amber-300" aria-hidden /> Business hours (WAT)
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {BUSINESS_HOURS_WAT.map((b) => (
                <div key={b.days} className="flex justify-between gap-3">
                  <dt className="text-slate-400">{b.days}</dt>
                  <dd>{b.hours}</dd>
                </div>
              ))}
            </dl>
            {whatsapp && (
              <p className="mt-4 rounded-lg bg-emerald-950/50 p-3 text-sm text-emerald-200">
                Emergency support is available 24/7 via WhatsApp.
              </p>
            )}
          </Card>
          <Card>
            <h2 className="flex items-center gap-2 font-semibold">
              <AlertCircle className="h-5 w-5 text-sky-300" aria-hidden /> Response times
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {SUPPORT_PRIORITIES.slice()
                .reverse()
                .map((p) => (
                  <div key={p} className="flex items-center justify-between gap-3">
                    <dt>
                      <Badge tone={PRIORITY_TONE[p]} className="capitalize">
                        {p}
                      </Badge>
                    </dt>
                    <dd className="text-slate-300">
                      {SUPPORT_RESPONSE_HOURS[p]} hour{SUPPORT_RESPONSE_HOURS[p] === 1 ? '' : 's'}
                    </dd>
                  </div>
                ))}
            </dl>
            <p className="mt-4 text-sm text-slate-400">
              Average response time: <span className="font-semibold text-slate-200">{SUPPORT_AVERAGE_RESPONSE}</span>
            </p>
          </Card>
        </aside>
      </div>
    </div>
  );
}
