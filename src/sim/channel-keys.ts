/** The bearer key a simulated channel accepts (a leaf module, so every catalogue file can derive its keys). */
export function simChannelKey(name: string): string {
  return `sim-key-${name}`;
}
