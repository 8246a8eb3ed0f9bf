import type { SearchEntry } from './search-entries';

/** One result: the operation and, when only a field matched, which one. */
export interface SearchHit {
  entry: SearchEntry;
  field?: { name: string; description: string };
}

const norm = (text: string) => text.toLowerCase();

/**
 * The operations a query finds, best first: every word of the query must appear in the operation's title,
 * path, operation id or group (in that order of weight), or all in one of its fields (name or description).
 */
export function searchReference(entries: SearchEntry[], query: string, limit = 12): SearchHit[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: { hit: SearchHit; score: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const title = norm(entry.title);
    const path = norm(entry.path);
    const id = norm(entry.operationId);
    const head = `${title} ${path} ${id} ${norm(entry.groupTitle)}`;
    if (words.every((w) => head.includes(w))) {
      const score = words.reduce((s, w) => s + (title.includes(w) ? 4 : path.includes(w) || id.includes(w) ? 3 : 1), 0);
      scored.push({ hit: { entry }, score: score + 10, order });
      return;
    }
    const field = entry.fields.find(([name, description]) => {
      const text = `${norm(name)} ${norm(description)}`;
      return words.every((w) => text.includes(w));
    });
    if (field) {
      const exactName = words.length === 1 && norm(field[0]) === words[0];
      scored.push({
        hit: { entry, field: { name: field[0], description: field[1] } },
        score: exactName ? 5 : 1,
        order,
      });
    }
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.hit);
}
