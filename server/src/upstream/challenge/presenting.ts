import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { BrowserIdentity } from '../transport/identity';

/** CDP's description of the identity: User-Agent, navigator.platform and every client hint. */
function override(identity: BrowserIdentity) {
  return {
    userAgent: identity.userAgent,
    acceptLanguage: 'en-US,en;q=0.9',
    platform: identity.navigatorPlatform,
    userAgentMetadata: {
      brands: identity.brands,
      fullVersionList: identity.brands.map((b) => ({
        brand: b.brand,
        // The browser's own brands carry its full version; the GREASE brand a made-up one.
        version: identity.fullVersion.startsWith(`${b.version}.`)
          ? identity.fullVersion
          : `${b.version}.0.0.0`,
      })),
      fullVersion: identity.fullVersion,
      platform: identity.platform,
      platformVersion: identity.platformVersion,
      architecture: 'x86',
      model: '',
      mobile: false,
      bitness: '64',
      wow64: false,
    },
  };
}

/**
 * Makes the page (and any out-of-process frame it opens, such as Cloudflare's widget) speak as
 * `identity` through CDP `Emulation.setUserAgentOverride`, before it navigates: the User-Agent,
 * `sec-ch-ua*` headers and `navigator.userAgentData` then all name the same browser.
 */
export async function presentAs(
  context: BrowserContext,
  page: Page,
  identity: BrowserIdentity,
): Promise<void> {
  const params = override(identity);
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setUserAgentOverride', params);
  page.on('frameattached', (frame: Frame) => {
    // Only out-of-process frames have a session of their own; the others share the page's.
    context
      .newCDPSession(frame)
      .then((frameSession) => frameSession.send('Emulation.setUserAgentOverride', params))
      .catch(() => undefined);
  });
}
