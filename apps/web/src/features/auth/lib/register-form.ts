import { ZRegister, type TRegisterInput } from '@contesthub/shared';

export type RegisterField = 'fullName' | 'email' | 'phone' | 'password' | 'confirmPassword' | 'referralCode';
export type RegisterForm = Record<RegisterField, string>;

/** Field order of the form: the first error shown in the toast is the first one on screen. */
export const REGISTER_FIELDS: RegisterField[] = ['fullName', 'email', 'phone', 'password', 'confirmPassword', 'referralCode'];

/** Fields that hold a value and currently pass ZRegister: they get the live green tick. */
export function validRegisterFields(form: RegisterForm): Set<RegisterField> {
  const result = ZRegister.safeParse(form satisfies TRegisterInput);
  const failing = new Set(result.success ? [] : result.error.issues.map((i) => String(i.path[0])));
  return new Set(
    REGISTER_FIELDS.filter(
      (f) => form[f].trim() !== '' && !failing.has(f) && (f !== 'confirmPassword' || form.confirmPassword === form.password),
    ),
  );
}
