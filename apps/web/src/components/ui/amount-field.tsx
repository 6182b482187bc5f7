import { forwardRef, type ClipboardEvent, type ComponentProps } from 'react';
import { TextField } from './field';
import { formatAmountInput, pastedDigits } from '../../lib/amount-input';

type AmountFieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'onPaste'> & {
  value: string;
  /** The new text, already digits only with thousands separators. */
  onValueChange: (value: string) => void;
};

/**
 * A whole-number field (spec 001 §5): digits only, shown with thousands separators; pasted text is
 * stripped to digits where the cursor is.
 */
export const AmountField = forwardRef<HTMLInputElement, AmountFieldProps>(function AmountField({ value, onValueChange, ...rest }, ref) {
  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const input = e.currentTarget;
    const from = input.selectionStart ?? value.length;
    const to = input.selectionEnd ?? value.length;
    onValueChange(formatAmountInput(value.slice(0, from) + pastedDigits(e.clipboardData.getData('text')) + value.slice(to)));
  };
  return (
    <TextField
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={(e) => onValueChange(formatAmountInput(e.target.value))}
      onPaste={paste}
    />
  );
});

/** The whole number an amount field holds ('10,000' → 10000), or null when it is blank. */
export function amountValue(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}
