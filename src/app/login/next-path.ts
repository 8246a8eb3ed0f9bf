/** Where a sign-in continues: a path on this site (never another origin), else the Overview. */
export function nextPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 500) return '/overview';
  return value;
}
