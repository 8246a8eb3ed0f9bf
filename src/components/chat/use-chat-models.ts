'use client';

import { useQuery } from '@tanstack/react-query';
import { AUTO_MODEL } from '@/contracts/chat';
import { consoleFetch } from '@/components/console/console-fetch';

interface ModelList {
  data: { id: string }[];
}

/** The model names the chat API takes, from its own OpenAI-style `GET /api/models`, routing model first. */
export function useChatModels() {
  const query = useQuery({
    queryKey: ['chat', 'models'],
    queryFn: async ({ signal }) => {
      const res = await consoleFetch('/api/models', { signal, timeoutMs: 20_000 });
      if (!res.ok) throw new Error(`The model list could not be loaded (HTTP ${res.status})`);
      const body = (await res.json()) as ModelList;
      return body.data.map((m) => m.id);
    },
    staleTime: 5 * 60_000,
  });
  // Until the list arrives (or if it fails) the routing model is still there to use.
  const ids = query.data ?? [AUTO_MODEL];
  return { ids: ids.includes(AUTO_MODEL) ? ids : [AUTO_MODEL, ...ids], error: query.error };
}
