import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CalendarDays, Mail } from 'lucide-react';
import { SUPPORT_EMAIL, paths } from '@contesthub/shared';
import { whatsAppDisplay } from '../../../lib/share';
import { useSupportWhatsApp } from '../../../features/support/api/get-support-contact';
import type { LegalSection } from './content';

export interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  /** A one-line summary under the title. */
  summary: string;
  sections: LegalSection[];
  /** Shown between the header and the document (for example a note about an alias route). */
  notice?: ReactNode;
  /** Section id to bring into view on mount when the URL carries no hash of its own. */
  scrollToId?: string;
  /** The companion document, linked at the end. */
  related: { to: string; label: string };
}

/**
 * Renders a policy document from content.ts: title, last-updated line, a numbered table of contents
 * of in-page anchors, then every section as <section id> with a numbered h2, paragraphs and bullets.
 */
export function LegalDocument({ title, lastUpdated, summary, sections, notice, scrollToId, related }: LegalDocumentProps) {
  const { pathname, hash } = useLocation();
  const whatsapp = useSupportWhatsApp();
  const channels = [
    `Email: ${SUPPORT_EMAIL}`,
    ...(whatsapp ? [`WhatsApp support: ${whatsAppDisplay(whatsapp)}, 24 hours a day, 7 days a week.`] : []),
  ];

  // The page is lazy-loaded, so the layout's hash scroll can run before the sections exist.
  useEffect(() => {
    const target = hash ? decodeURIComponent(hash.slice(1)) : scrollToId;
    if (!target) return;
    const frame = window.requestAnimationFrame(() => document.getElementById(target)?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, [pathname, hash, scrollToId]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-emerald-400">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-100 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-base text-slate-300">{summary}</p>
        <p className="mt-4 inline-flex items-center gap-2 text-sm text-slate-400">
          <CalendarDays className="h-4 w-4 shrink-0" aria-hidden />
          <span>
            Last updated: <time>{lastUpdated}</time>
          </span>
        </p>
      </header>

      {notice && <div className="mt-6 max-w-3xl">{notice}</div>}

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav
          id="contents"
          aria-labelledby="contents-heading"
          className="min-w-0 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto"
        >
          <div className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
            <h2 id="contents-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-200">
              Contents
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="flex gap-2 rounded-md px-2 py-1.5 text-slate-300 transition-colors hover:bg-slate-800 hover:text-emerald-300 focus-visible:outline-2 focus-visible:outline-emerald-400"
                  >
                    <span className="w-6 shrink-0 tabular-nums text-slate-400">{`${i + 1}.`}</span>{' '}
                    <span className="min-w-0">{s.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="min-w-0 max-w-3xl">
          {sections.map((s, i) => (
            <section
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-heading`}
              className="border-b border-slate-800 py-8 first:pt-0 last:border-b-0"
            >
              <h2 id={`${s.id}-heading`} className="text-xl font-semibold text-slate-100 sm:text-2xl">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-4 space-y-4 text-base leading-7 break-words text-slate-300">
                {s.paragraphs.map((p, j) => (
                  <p key={j}>{p}</p>
                ))}
                {(!!s.bullets?.length || !!s.contactChannels) && (
                  <ul className="list-disc space-y-2 pl-6 marker:text-emerald-400">
                    {[...(s.bullets ?? []), ...(s.contactChannels ? channels : [])].map((b, j) => (
                      <li key={j}>{b}</li>
                    ))}
                  </ul>
                )}
              </div>
            </section>
          ))}

          <aside aria-label="Questions about this document" className="mt-4 rounded-2xl border border-slate-800 bg-slate-900/60 p-6">
            <h2 className="text-lg font-semibold text-slate-100">Questions about this document?</h2>
            <p className="mt-2 text-sm leading-6 text-slate-300">
              Our support team can explain any part of it. Email us or open a support ticket and we will get back to you.
            </p>
            <div className="mt-4 flex flex-col gap-3 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-5">
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="inline-flex items-center gap-2 break-all font-medium text-emerald-300 hover:text-emerald-200"
              >
                <Mail className="h-4 w-4 shrink-0" aria-hidden /> {SUPPORT_EMAIL}
              </a>
              <Link to={paths.contact()} className="font-medium text-emerald-300 hover:text-emerald-200">
                Contact support
              </Link>
              <Link to={related.to} className="font-medium text-amber-300 hover:text-amber-200">
                Read our {related.label}
              </Link>
            </div>
          </aside>
        </article>
      </div>
    </div>
  );
}
