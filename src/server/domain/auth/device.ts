/**
 * A short name of the browser and system a session was signed in from, read from its User-Agent, for the
 * list of sessions ("Chrome on Android"). Only the well-known names are told apart; anything else is kept
 * as "Unknown browser" / "unknown system" rather than echoing what a header chose to say.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([re]) => re.test(ua))?.[1] ?? null;

export function describeDevice(userAgent: string | null): { browser: string | null; system: string | null } {
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: first(BROWSERS, ua), system: first(SYSTEMS, ua) };
}

/** The stored form: `browser|system`, either part empty when unknown (the page words it in its language). */
export const deviceLabel = (userAgent: string | null): string => {
  const { browser, system } = describeDevice(userAgent);
  return `${browser ?? ''}|${system ?? ''}`;
};

export const readDevice = (stored: string): { browser: string | null; system: string | null } => {
  const [browser, system] = stored.split('|');
  return { browser: browser || null, system: system || null };
};
