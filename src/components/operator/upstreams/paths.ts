/** The channel's own page in the operator area. */
export const channelHref = (name: string) => `/operator/upstreams/${encodeURIComponent(name)}`;
