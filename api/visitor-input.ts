/**
 * What a visitor sends is checked once, at the edge, before any route sees
 * it: text the database cannot store (NUL, unpaired surrogates) and JSON
 * deeper or larger than any real form answer. PostgreSQL refuses both with
 * an error, which would otherwise surface as a 500 mid-request.
 */
import { ApiError } from './api-errors.ts';

/** Nesting a real answer never needs; deep JSON only costs recursion further on. */
export const MAX_JSON_DEPTH = 32;
/** Strings, numbers and keys in one value: a long form has a few hundred. */
export const MAX_JSON_NODES = 10_000;

export type InputProblem = { kind: 'text' | 'depth' | 'size'; path: string };

/** True when PostgreSQL can store the text as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed();
}

/** The text with what PostgreSQL cannot store replaced by U+FFFD, as a decoder does with bad bytes. */
export function storableText(text: string): string {
  return text.replaceAll('\0', '\uFFFD').toWellFormed();
}

/**
 * The first problem in a parsed value, walked without recursion so depth
 * itself cannot overflow the stack: findInputProblem({ a: ['\0'] }) →
 * { kind: 'text', path: 'a.0' }.
 */
export function findInputProblem(value: unknown): InputProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (++nodes > MAX_JSON_NODES) return { kind: 'size', path };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { kind: 'text', path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'depth', path };
    for (const [key, child] of Object.entries(current)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (!isStorableText(key)) return { kind: 'text', path: childPath };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

const PROBLEM_ERRORS = { text: 'invalid-text', depth: 'input-too-deep', size: 'input-too-large' } as const;

/**
 * Throws the API error for the first problem in a parsed value, keyed by the
 * field it is in: assertCleanInput({ note: '\0' }) throws invalid-text for 'note'.
 */
export function assertCleanInput(value: unknown, field?: string): void {
  const problem = findInputProblem(value);
  if (problem) throw inputError(problem, field);
}

function inputError(problem: InputProblem, field: string | undefined): ApiError {
  const code = PROBLEM_ERRORS[problem.kind];
  const key = [field, problem.path].filter(Boolean).join('.') || 'body';
  return new ApiError(code, { fields: { [key]: new ApiError(code).message } });
}
