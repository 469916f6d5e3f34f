import Bowser from 'bowser';
import type { SessionDto } from '@plankurier/shared';

/** The browser, system and kind of device a User-Agent names, as far as it says (bowser's reading). */
export function deviceOf(userAgent: string | null): Pick<SessionDto, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: null, os: null, device: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version;
  const device =
    platform.type === 'desktop' || platform.type === 'tablet' || platform.type === 'mobile' ? platform.type : null;
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
    device,
  };
}
