import { useMessages } from 'next-intl';

/**
 * The names people read for model tiers and families (`tiers` in each message catalogue, keyed by the
 * id the API takes, e.g. `videomodel-2-0-pro-260801` → "Video 2.0 Pro"). The API, Copy-as-API and the
 * API reference keep the ids; an id without a name (an operator's own family, a channel) is shown as is.
 */
export type TierNames = Readonly<Record<string, string>>;

/** The name of a tier or model id in a catalogue's `tiers`, or the id itself when it has none. */
export function tierName(names: TierNames | undefined, id: string): string {
  const name = names && Object.hasOwn(names, id) ? names[id] : undefined;
  return typeof name === 'string' && name !== '' ? name : id;
}

/** Whether the id has a name of its own (so a page shows the id beside it for developers). */
export const hasTierName = (names: TierNames | undefined, id: string): boolean => tierName(names, id) !== id;

/** The reader's catalogue's tier names, as a function from id to name. */
export function useTierName(): (id: string) => string {
  const names = (useMessages() as { tiers?: TierNames }).tiers;
  return (id) => tierName(names, id);
}

/** The name with the id after it ("Video 2.0 Pro (videomodel-2-0-pro-260801)"), or the id alone when it has no name. */
export function tierNameWithId(names: TierNames | undefined, id: string): string {
  const name = tierName(names, id);
  return name === id ? id : `${name} (${id})`;
}

/** {@link tierNameWithId} in the reader's catalogue: for detail views, where developers read the id too. */
export function useTierNameWithId(): (id: string) => string {
  const names = (useMessages() as { tiers?: TierNames }).tiers;
  return (id) => tierNameWithId(names, id);
}
