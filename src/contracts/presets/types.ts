import type { AdapterKind, UpstreamModel } from '@/contracts/upstreams';

/**
 * A starting point for a channel the operator adds: a provider's protocol, its published base URLs
 * (the first is the default; one per region where the provider has several), and the models it is
 * known to serve, in the upstreams file's shape. The console's "Add channel" and docs/examples/ come
 * from these; the operator picks models from `models` and may add others field by field.
 *
 * Labels are not here: the console says a preset's name and a region's name from the message
 * catalogues (`operatorUpstreams.presets.<id>`, `operatorUpstreams.regions.<region>`).
 */
export interface ChannelPreset {
  /** Stable id, lowercase: also the message key of its name. */
  id: string;
  adapter: AdapterKind;
  /** Who runs the service, as the channel's `provider` field says it (operators only). */
  provider: string;
  baseUrls: { region: string; url: string }[];
  /** The provider's API reference the preset follows. */
  reference: string;
  models: UpstreamModel[];
}
