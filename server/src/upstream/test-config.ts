import type { UpstreamConfig } from '../config';
import { loadConfig } from '../config';

/** The default upstream settings (fancaps.net hosts) with overrides, for tests. */
export function testUpstreamConfig(overrides: Partial<UpstreamConfig> = {}): UpstreamConfig {
  return { ...loadConfig({}).upstream, ...overrides };
}
