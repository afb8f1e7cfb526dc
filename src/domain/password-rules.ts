// What a staff password must be, after NIST SP 800-63B §3.1.1.2: at least 12 characters and at most 256,
// counted as characters rather than bytes, no composition rules, and none of a list of passwords known
// to be common. The list is zxcvbn's (MIT), 49,233 passwords seen in breaches, shipped as data.
export const shortestPassword = 12;
export const longestPassword = 256;

export type PasswordProblem = 'too-short' | 'too-long' | 'common';

/** The password as compared and hashed: one form per text, whichever way a keyboard composed it. */
export const normalizedPassword = (password: string): string => password.normalize('NFKC');

let common: Promise<Set<string>> | undefined;

/** The common passwords that the length rule lets through: only those can decide anything. */
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        (dictionary['passwords-common'] as string[])
          .filter((word) => [...word].length >= shortestPassword)
          .map((word) => word.toLowerCase()),
      ),
  ));

/** Why a new password is refused, or undefined when it may be used. */
export async function passwordProblem(password: string): Promise<PasswordProblem | undefined> {
  const characters = [...normalizedPassword(password)].length;
  if (characters < shortestPassword) return 'too-short';
  if (characters > longestPassword) return 'too-long';
  if ((await commonPasswords()).has(normalizedPassword(password).toLowerCase())) return 'common';
  return undefined;
}
