/**
 * The top-level text groups that only the signed-in screens use. Their texts load with the
 * signed-in frame; every other group (landing, sign-in, sign-up, recipients' and invitation
 * pages, error messages, toasts) ships with the first JavaScript. `text-parts.test.ts` checks
 * that no public page uses one of these groups.
 */
export const APP_TEXT_GROUPS = [
  'account',
  'archives',
  'banner',
  'beta',
  'bounces',
  'contacts',
  'context',
  'dashboard',
  'deliver',
  'docs',
  'dragAnnounce',
  'nav',
  'onboarding',
  'participants',
  'planGrid',
  'planSet',
  'prints',
  'project',
  'projects',
  'qr',
  'receipts',
  'roadmap',
  'roles',
  'settings',
  'shipments',
  'subscriptions',
  'team',
  'tierLimit',
  'timeline',
] as const;

export type TextPart = 'public' | 'app';

/** The groups of one part of a language's texts. */
export function pickTextPart(texts: Record<string, unknown>, part: TextPart): Record<string, unknown> {
  const app = new Set<string>(APP_TEXT_GROUPS);
  return Object.fromEntries(Object.entries(texts).filter(([group]) => app.has(group) === (part === 'app')));
}
