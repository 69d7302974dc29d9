/**
 * The built-in test provider's cards (shown on the checkout page in test
 * mode): what each number does. The numbers are the well-known test numbers
 * providers document, so a shopper who tried a provider's sandbox knows them.
 */
export const TEST_CARDS = {
  '4242424242424242': { outcome: 'succeeds', label: 'Succeeds' },
  '4000002500003155': { outcome: 'second-step', label: 'Asks for a second step (3-D Secure)' },
  '4000000000000002': { outcome: 'declined', label: 'Declined' },
  '4000000000009995': { outcome: 'insufficient-funds', label: 'Declined: insufficient funds' },
} as const;

export type TestCardNumber = keyof typeof TEST_CARDS;

/** Digits only: '4242 4242-4242 4242' is '4242424242424242'. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
