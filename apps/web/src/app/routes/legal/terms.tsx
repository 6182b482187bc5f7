import { useLocation } from 'react-router';
import { Info } from 'lucide-react';
import { LegalDocument } from './legal-document';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './content';
import { paths } from '@contesthub/shared';

const GUIDELINES_PATH = paths.communityGuidelines();
const GUIDELINES_ID = 'community-guidelines';

/** Shown at /terms and at /community-guidelines, where it opens at the guidelines section. */
export default function TermsPage() {
  const { pathname } = useLocation();
  const isGuidelines = pathname === GUIDELINES_PATH;
  const index = TERMS_SECTIONS.findIndex((s) => s.id === GUIDELINES_ID);
  const guidelines = index >= 0 ? TERMS_SECTIONS[index] : undefined;

  const notice =
    isGuidelines && guidelines ? (
      <p className="flex items-start gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm leading-6 text-amber-100">
        <Info className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" aria-hidden />
        <span>
          Our Community Guidelines are part of these Terms of Service. Jump to{' '}
          <a href={`#${GUIDELINES_ID}`} className="font-semibold text-amber-300 underline underline-offset-2 hover:text-amber-200">
            section {index + 1}: {guidelines.title}
          </a>
          .
        </span>
      </p>
    ) : undefined;

  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated={TERMS_LAST_UPDATED}
      summary="The rules for using ContestHub: running and entering contests, voting, vote credits, prizes and payouts, and how we keep the community fair and safe."
      sections={TERMS_SECTIONS}
      notice={notice}
      scrollToId={isGuidelines && guidelines ? GUIDELINES_ID : undefined}
      related={{ to: paths.privacy(), label: 'Privacy Policy' }}
    />
  );
}
