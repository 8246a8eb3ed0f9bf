import { fieldError } from './errors';

/** Deeper than any request of the API nests; a body nested further is refused, not walked. */
export const MAX_INPUT_DEPTH = 32;

/** What is wrong with a string PostgreSQL and every upstream would refuse, or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (!text.isWellFormed()) return 'must be well-formed Unicode (it has an unpaired surrogate)';
  return null;
}

/**
 * Checks every string of a request's input, object keys included, before any schema or query
 * sees it: a NUL or an unpaired surrogate anywhere is a 400 naming the field, and so is nesting
 * deeper than `MAX_INPUT_DEPTH`. One walk for every operation, so no field can be forgotten.
 */
export function assertWellFormedInput(input: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) throw fieldError(path, problem);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) throw fieldError(path, `is nested deeper than ${MAX_INPUT_DEPTH} levels`);
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) throw fieldError(path, `has a field name that is refused: it ${problem}`);
      stack.push({ value: item, path: [...path, key] });
    }
  }
}
