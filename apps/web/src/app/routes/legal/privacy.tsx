import { LegalDocument } from './legal-document';
import { PRIVACY_LAST_UPDATED, PRIVACY_SECTIONS } from './content';
import { paths } from '@contesthub/shared';

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={PRIVACY_LAST_UPDATED}
      summary="What personal data ContestHub collects, why we collect it, who we share it with and the rights you have under Nigerian data protection law."
      sections={PRIVACY_SECTIONS}
      related={{ to: paths.terms(), label: 'Terms of Service' }}
    />
  );
}
