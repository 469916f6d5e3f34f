import { APP_VERSION } from './constants.ts';

/** Numeric parts of a semver-like version ('1.0.5', 'v1.2', '1.0.5-beta' → [1, 0, 5]); null when unreadable. */
function versionParts(version: string): number[] | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version.trim());
  if (!match) return null;
  return [match[1], match[2], match[3]].map((part) => Number(part ?? 0));
}

/** -1, 0 or 1 like a sort comparator; compares numerically, so '1.0.10' is above '1.0.9'. */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a) ?? [0, 0, 0];
  const right = versionParts(b) ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    const diff = left[i]! - right[i]!;
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** The client needs an update when it runs an older version than the server; an unknown version does not. */
export function appNeedsUpdate(clientVersion: string | undefined, serverVersion: string = APP_VERSION): boolean {
  if (!clientVersion || !versionParts(clientVersion)) return false;
  return compareVersions(clientVersion, serverVersion) < 0;
}
