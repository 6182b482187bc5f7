import type { WizardForm } from '../../lib/wizard';

/** What every step receives from the page: the form, a patcher and the errors to show. */
export interface StepProps {
  form: WizardForm;
  update: (patch: Partial<WizardForm>) => void;
  /** The message to show under a field (exact key, or the first one of a list such as "rules.3"). */
  error: (key: string) => string | undefined;
  disabled?: boolean;
}
