import OpenAI from 'openai';
import { inject } from 'vitest';

/** What the chat API test files (tests/api/chat*.test.ts) share: the routing model's name and an OpenAI SDK client. */

/** The model name that lets Studio route. */
export const AUTO = 'studio-auto';

/** The official OpenAI SDK pointed at Studio's `/api`, with no retries, so each call is one request. */
export const client = (key: string, base = inject('apiBase')) =>
  new OpenAI({ apiKey: key, baseURL: `${base}/api`, maxRetries: 0 });
