import { expect, request as playwrightRequest, test } from '@playwright/test';
import { signUpOfficeAs } from './support/office.ts';
import { officeApi, seedPlanProject } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

/**
 * Issue 15: a reload of a project's page (or a second tab on it) reads the project while the project
 * screens' code is still loading, and reads it once.
 */
test("a reload of a project's page asks for the project at once, before the project screen's code, and once", async ({
  page,
  baseURL,
}) => {
  const token = await signUpOfficeAs(page, uniqueEmail('neu-laden'));
  const script = await playwrightRequest.newContext({ baseURL });
  try {
    const scene = await seedPlanProject(officeApi(script, token), { number: '2026-151', name: 'Neu laden' });
    const projectLoad = `/api/project/${scene.project._id}`;
    await page.goto(`/project/${scene.project._id}`);
    await page.getByText('LP5', { exact: true }).click();
    await expect(page.getByRole('button', { name: t('docs.dragRow', { name: 'Grundriss EG' }) })).toBeVisible();

    const asked: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === projectLoad && req.method() === 'GET') asked.push('project');
      else if (/\/assets\/ProjectPage-[^/]+\.js$/.test(url.pathname)) asked.push('project screen');
    });
    await page.reload();
    await page.getByText('LP5', { exact: true }).click();
    await expect(page.getByRole('button', { name: t('docs.dragRow', { name: 'Grundriss EG' }) })).toBeVisible();
    expect(asked.filter((a) => a === 'project')).toHaveLength(1);
    expect(asked[0]).toBe('project');
    expect(asked).toContain('project screen');
  } finally {
    await script.dispose();
  }
});
