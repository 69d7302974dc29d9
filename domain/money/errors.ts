/** User-facing money messages, word for word from the spec. */
export const MONEY_ERRORS = {
  NOT_MONEY: 'Format expects a Money instance.',
} as const;
