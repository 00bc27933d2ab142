/**
 * The one browser every request to the site speaks as: impit's Chrome profile on the wire, and
 * the solver's Chromium told to be exactly that (User-Agent, client hints, userAgentData). A
 * clearance is only honoured with the identity that earned it, so both sides take it from here.
 */
export interface BrowserIdentity {
  /** impit's profile with this TLS/HTTP fingerprint and these headers. */
  impitProfile: 'chrome151';
  userAgent: string;
  /** `navigator.platform`. */
  navigatorPlatform: string;
  /** `sec-ch-ua-platform` / `userAgentData.platform`. */
  platform: string;
  platformVersion: string;
  brands: { brand: string; version: string }[];
  fullVersion: string;
}

const MAJOR = '151';

export const CHROME_IDENTITY: BrowserIdentity = {
  impitProfile: 'chrome151',
  userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${MAJOR}.0.0.0 Safari/537.36`,
  navigatorPlatform: 'Win32',
  platform: 'Windows',
  platformVersion: '10.0.0',
  // impit's order and GREASE brand for this profile (checked against the wire at start-up).
  brands: [
    { brand: 'Not=A?Brand', version: '99' },
    { brand: 'Google Chrome', version: MAJOR },
    { brand: 'Chromium', version: MAJOR },
  ],
  fullVersion: `${MAJOR}.0.0.0`,
};

/** The `sec-ch-ua` header these brands make. */
export const secChUa = (brands: BrowserIdentity['brands']) =>
  brands.map((b) => `"${b.brand}";v="${b.version}"`).join(', ');

/** What one side presents, as the site-health page shows it. */
export interface PresentedIdentity {
  userAgent: string;
  secChUa: string;
  platform: string;
}

export const identityPresented = (identity: BrowserIdentity): PresentedIdentity => ({
  userAgent: identity.userAgent,
  secChUa: secChUa(identity.brands),
  platform: `"${identity.platform}"`,
});

/** Where two presentations differ ([] when they are the same browser). */
export function identityDifferences(
  a: PresentedIdentity,
  b: PresentedIdentity,
): (keyof PresentedIdentity)[] {
  return (['userAgent', 'secChUa', 'platform'] as const).filter((key) => a[key] !== b[key]);
}
