/**
 * A video resolution as the providers' documents write it: a height with a lower-case p (`720p`,
 * `1080p`, `768p`), a width class with a capital K (`2K`, `4K`), whatever case the value came in.
 */
export function resolutionLabel(value: string): string {
  const m = /^(\d+)\s*([pk])$/i.exec(value.trim());
  if (!m) return value;
  return m[2]?.toLowerCase() === 'k' ? `${m[1]}K` : `${m[1]}p`;
}
