import { AUTO_MODEL, type ModelObject } from '@/contracts/chat';
import type { Db } from '@/server/db/client';
import { loadCandidates } from '@/server/upstreams/registry';

/** When the list was first offered; OpenAI's `created` is a Unix time and these names do not change. */
const CREATED = Math.floor(Date.UTC(2026, 0, 1) / 1000);

/**
 * OpenAI's model list for chat clients: the routing model name first (the one to use), then the
 * chat families the caller may ask for by name; a tenant bound to a chat family sees only that
 * family. Channel and provider names are never listed.
 */
export async function listChatModels(db: Db, binding: string | null): Promise<{ object: 'list'; data: ModelObject[] }> {
  const fleet = await loadCandidates(db);
  const families = new Set<string>();
  let boundFamily: string | null = null;
  for (const u of fleet) {
    if (!u.enabled) continue;
    for (const m of u.models) {
      if (!m.media.includes('chat')) continue;
      families.add(m.family);
      if (binding && (binding === m.family || binding === u.name)) boundFamily = m.family;
    }
  }
  const names = boundFamily ? [boundFamily] : [...families].sort();
  return {
    object: 'list',
    data: [AUTO_MODEL, ...names].map((id) => ({ id, object: 'model' as const, created: CREATED, owned_by: 'studio' })),
  };
}
