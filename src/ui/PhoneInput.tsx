import type { InputHTMLAttributes } from 'react';

/**
 * A mobile-number field as every form has it (issue 34): named `phone`, the numeric keypad, the browser's saved
 * number offered, 11 digits at most. The rest (required, pattern, placeholder, label, value) is the form's own.
 */
export function PhoneInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <input name="phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} {...props} />;
}
