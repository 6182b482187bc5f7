import { useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import {
  MESSAGES,
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
  SUPPORT_RESPONSE_HOURS,
  ZCreateSupportTicket,
  formatDateTime,
  type TCreateSupportTicketInput,
  type TSupportTicketCreated,
} from '@contesthub/shared';
import { WhatsAppIcon } from '../../../components/ui/brand-icons';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/card';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { supportWhatsApp } from '../../../lib/share';
import { useSupportWhatsApp } from '../api/get-support-contact';
import { useCreateTicket } from '../api/create-ticket';
import { PRIORITY_TONE } from '../lib/priority';

const EMPTY: TCreateSupportTicketInput = { name: '', email: '', category: '' as never, priority: 'medium', subject: '', message: '' };

/**
 * The support ticket form and, once sent, the ticket it created (spec 000 §2 Contact). `name` and
 * `email` fill the form for a signed-in member; `category` and `subject` come from pages that link
 * here with a prefilled request (e.g. an entry appeal).
 */
export function SupportTicketForm({
  name,
  email,
  category,
  subject,
}: {
  name: string;
  email: string;
  category?: TCreateSupportTicketInput['category'];
  subject?: string;
}) {
  const toast = useToast();
  const whatsapp = useSupportWhatsApp();
  const createTicket = useCreateTicket();
  const [form, setForm] = useState<TCreateSupportTicketInput>(() => ({
    ...EMPTY,
    name,
    email,
    subject: subject?.slice(0, 200) ?? '',
    ...(category ? { category } : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<(TSupportTicketCreated & { name: string; email: string; message: string }) | null>(null);

  const set = <K extends keyof TCreateSupportTicketInput>(key: K, value: TCreateSupportTicketInput[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateSupportTicket.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.error(MESSAGES.toast.validationErrorTitle, MESSAGES.toast.validationErrorMessage);
      return;
    }
    createTicket.mutate(parsed.data, {
      onSuccess: (ticket) => {
        toast.resolved();
        setCreated({ ...ticket, name: parsed.data.name, email: parsed.data.email, message: parsed.data.message });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
        toast.error('Ticket Not Sent', err.message);
      },
    });
  };

  const reset = () => {
    setCreated(null);
    setForm({ ...EMPTY, name, email });
    setErrors({});
  };

  return created ? (
    <div className="py-6 text-center" role="status">
      <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-400" aria-hidden />
      <h2 className="mt-4 text-2xl font-bold">Support Ticket Created!</h2>
      <p className="mt-2 text-slate-400">We have emailed a copy to {created.email}. Keep your ticket number for follow-ups.</p>
      <dl className="mx-auto mt-6 max-w-md divide-y divide-slate-800 rounded-xl border border-slate-800 text-left text-sm">
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-slate-400">Ticket number</dt>
          <dd className="font-mono font-semibold text-emerald-300" data-testid="ticket-number">
            {created.ticketNumber}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-slate-400">Subject</dt>
          <dd className="text-right">{created.subject}</dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-slate-400">Priority</dt>
          <dd>
            <Badge tone={PRIORITY_TONE[created.priority]} className="capitalize">
              {created.priority}
            </Badge>
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-slate-400">Created</dt>
          <dd>{formatDateTime(created.createdAt)}</dd>
        </div>
      </dl>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={reset}>
          Submit Another Ticket
        </Button>
        {whatsapp && (
          <a
            href={supportWhatsApp(
              whatsapp,
              `Hello ContestHub support, this is ${created.name} (${created.email}). Ticket ${created.ticketNumber}: ${created.subject}. ${created.message}`,
            )}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-green-600 px-4 text-sm font-semibold text-white hover:bg-green-500"
          >
            <WhatsAppIcon className="h-4 w-4" /> Contact via WhatsApp
          </a>
        )}
      </div>
    </div>
  ) : (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="ticket-heading">
      <div>
        <h2 id="ticket-heading" className="text-xl font-semibold">
          Submit a support ticket
        </h2>
        <p className="mt-1 text-sm text-slate-400">All fields are required.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={form.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
        <SelectField
          label="Category"
          name="category"
          required
          value={form.category}
          error={errors.category}
          onChange={(e) => set('category', e.target.value as TCreateSupportTicketInput['category'])}
        >
          <option value="">Select a category</option>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Priority"
          name="priority"
          required
          value={form.priority}
          error={errors.priority}
          onChange={(e) => set('priority', e.target.value as TCreateSupportTicketInput['priority'])}
        >
          {SUPPORT_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p[0]!.toUpperCase() + p.slice(1)} (response within {SUPPORT_RESPONSE_HOURS[p]}h)
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        value={form.subject}
        error={errors.subject}
        onChange={(e) => set('subject', e.target.value)}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        value={form.message}
        error={errors.message}
        onChange={(e) => set('message', e.target.value)}
        placeholder="Tell us what happened, with contest or transaction references if you have them."
      />
      <Button type="submit" size="lg" loading={createTicket.isPending} className="w-full sm:w-auto">
        {createTicket.isPending ? 'Submitting...' : 'Submit Ticket'}
      </Button>
    </form>
  );
}
