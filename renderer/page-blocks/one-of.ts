/** A stored setting limited to a spec enum: the value when it is one of `allowed`, else the spec's default. */
export const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
