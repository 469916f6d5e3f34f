import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { followMailLink } from './support/outbox.ts';
import { officeCall, signUpOffice } from './support/office.ts';
import { officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = path.resolve(import.meta.dirname, '../test-results');
/** Real address-book exports (see their README). */
const EXPORTS = path.resolve(import.meta.dirname, '../apps/server/src/modules/contact-import/fixtures');

/** Screenshots at desktop, tablet and phone width; none of them may scroll sideways. */
async function shoot(page: Page, name: string) {
  for (const width of [1440, 820, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const importFile = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });

/** As Excel writes a CSV in Germany: ';', CRLF, Windows-1252 – one invalid address, one duplicate. */
const EXCEL_CSV = [
  'Vorname;Nachname;E-Mail;Firma;Telefon',
  'Jürgen;Weiß;juergen@weiss.de;Bauunternehmung Größl;0821 123456',
  'Anna;Bäcker;anna.baecker@statik-baecker.de;Statik Bäcker GmbH;',
  'Lena;Müller;lena@mueller-haustechnik.de;Müller Haustechnik;089 98765',
  'Max;Kaputt;max-at-nirgendwo;;',
  'Jürgen;Weiß;JUERGEN@weiss.de;;',
].join('\r\n');

const contactRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
/** A long address, as offices have them: the table shows it whole. */
const PETRA_EMAIL = 'petra.lang.bauleitung@bauunternehmung-groessl.de';

/**
 * A contact's row at desktop, tablet and phone width: the address whole, the format badges with
 * their whole names, the row's menu on screen without scrolling the table sideways.
 */
async function checkRowFits(page: Page, name: string, email: string) {
  const row = contactRow(page, name);
  for (const width of [1440, 820, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row.getByText(email, { exact: true })).toBeVisible();
    const cut = await row
      .locator('.mantine-Badge-label, .mantine-Text-root')
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cut, `cut at ${width} px`).toEqual([]);
    await expect(row.getByRole('button', { name: t('contacts.actionsFor', { name }) })).toBeInViewport({ ratio: 1 });
    // from a tablet up the table fits its frame: no column lies under the menu that stays at the edge
    if (width >= 820) {
      const fits = await row.evaluate((el) => {
        let box: HTMLElement | null = el.parentElement;
        while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
        return !box || box.scrollWidth <= box.clientWidth + 1;
      });
      expect(fits, `the table scrolls sideways at ${width} px`).toBe(true);
    }
    await page.screenshot({ path: path.join(SHOTS, `contacts-row-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an office imports an Excel contact list, finds, adds and deletes contacts', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpOffice(page, 'kontakte');

  // a new office has no contacts yet: the list says what to do next
  await page.goto('/contacts');
  await expect(page.getByText(t('contacts.emptyTitle'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('contacts.toImport') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('contacts.create') })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'contacts-empty.png'), fullPage: true });

  // 'KONTAKTE IMPORTIEREN' from the dashboard opens the import tab
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  await page.getByRole('button', { name: t('dashboard.importContacts'), exact: true }).click();
  await expect(page).toHaveURL(/\/contacts\?tab=import$/);
  await expect(page.getByRole('heading', { name: t('contacts.import.title') })).toBeVisible();

  await page.screenshot({ path: path.join(SHOTS, 'contacts-import-start.png'), fullPage: true });

  const bytes = Buffer.from(EXCEL_CSV, 'latin1');
  expect(bytes.includes(0xdf)).toBe(true); // ß as one Windows-1252 byte
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'kontakte-excel.csv', mimeType: 'text/csv', buffer: bytes });

  // the report: 3 imported, 1 duplicate, 1 rejected with its line number and name
  await expect(page.getByRole('heading', { name: t('contacts.import.partlyTitle') })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('group', { name: t('contacts.import.imported') })).toContainText('3');
  await expect(page.getByRole('group', { name: t('contacts.import.duplicates') })).toContainText('1');
  await expect(page.getByRole('group', { name: t('contacts.import.rejected') })).toContainText('1');
  const problems = page.getByRole('table', { name: t('contacts.import.problemsTitle') });
  const invalidRow = problems.getByRole('row').filter({ hasText: 'max-at-nirgendwo' });
  await expect(invalidRow.getByRole('cell').first()).toHaveText('5');
  await expect(invalidRow.getByRole('cell').nth(1)).toHaveText('Max Kaputt');
  await expect(invalidRow).toContainText(t('contacts.import.reasons.email_invalid'));
  await expect(page.getByText('Windows-1252 (ANSI)', { exact: false })).toBeVisible();
  const duplicateRow = problems.getByRole('row').filter({ hasText: t('contacts.import.reasons.duplicate_in_file') });
  await expect(duplicateRow.getByRole('cell').first()).toHaveText('6');
  await page.screenshot({ path: path.join(SHOTS, 'contacts-import-report.png'), fullPage: true });

  // finishing the import goes to the list, which holds the umlauts intact
  await page.getByRole('button', { name: t('contacts.import.finish') }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(contactRow(page, 'Jürgen Weiß')).toContainText('Bauunternehmung Größl');
  await expect(contactRow(page, 'Anna Bäcker')).toBeVisible();
  await expect(contactRow(page, 'Lena Müller')).toBeVisible();

  // search, case-insensitive
  const search = page.getByRole('textbox', { name: t('contacts.searchLabel') });
  await search.fill('weiß');
  await expect(contactRow(page, 'Lena Müller')).toBeHidden();
  await expect(contactRow(page, 'Jürgen Weiß')).toBeVisible();
  await expect(page.getByText('1 Kontakt', { exact: true })).toBeVisible();
  await search.fill('niemand-hier');
  await expect(page.getByText(t('contacts.noMatchTitle'))).toBeVisible();
  await search.fill('');
  await expect(contactRow(page, 'Lena Müller')).toBeVisible();

  // a new contact by hand, the company taken from the suggestions
  await page.getByRole('button', { name: t('contacts.create') }).click();
  const dialog = page.getByRole('dialog', { name: t('contacts.form.createTitle') });
  await dialog.getByLabel(t('form.firstName')).fill('Petra');
  await dialog.getByLabel(t('form.lastName')).fill('Lang');
  await dialog.getByLabel(t('form.email')).fill(PETRA_EMAIL);
  await dialog.getByLabel(t('form.company')).fill('größl');
  await page.getByRole('option', { name: 'Bauunternehmung Größl' }).click();
  await expect(dialog.getByLabel(t('form.company'))).toHaveValue('Bauunternehmung Größl');
  await dialog.getByLabel(t('contacts.form.tec')).check();
  await dialog.getByRole('button', { name: t('contacts.form.submitCreate') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('contacts.message.created'))).toBeVisible();
  await expect(contactRow(page, 'Petra Lang')).toContainText('Bauunternehmung Größl');
  // the list names the formats as the form does
  await expect(contactRow(page, 'Petra Lang')).toContainText(t('contacts.form.tec'));
  await expect(contactRow(page, 'Petra Lang')).not.toContainText('TEC');

  // a company search without a result says so
  await page.getByRole('button', { name: t('contacts.create') }).click();
  await dialog.getByLabel(t('form.company')).fill('Gibtsnicht');
  await expect(page.getByText(t('contacts.form.companyNoMatch'))).toBeVisible();

  // the same address again (other case) is refused at the field
  await dialog.getByLabel(t('form.company')).fill('');
  await dialog.getByLabel(t('form.email')).fill('Juergen@Weiss.de');
  await dialog.getByRole('button', { name: t('contacts.form.submitCreate') }).click();
  await expect(dialog.getByText(t('msg.contact.email_taken'))).toBeVisible();
  await dialog.getByRole('button', { name: t('common.cancel') }).click();
  await expect(dialog).toBeHidden();

  // ask a contact to confirm its address
  await page.getByRole('button', { name: t('contacts.actionsFor', { name: 'Petra Lang' }) }).click();
  await page.getByRole('menuitem', { name: t('contacts.requestValidation') }).click();
  await expect(page.getByText(t('contacts.message.validationRequested'))).toBeVisible();
  await expect(contactRow(page, 'Petra Lang')).toContainText(t('contacts.validation.pending'));
  await page.screenshot({ path: path.join(SHOTS, 'contacts-list.png'), fullPage: true });
  await checkRowFits(page, 'Petra Lang', PETRA_EMAIL);

  // delete a contact after confirming
  await page.getByRole('button', { name: t('contacts.actionsFor', { name: 'Anna Bäcker' }) }).click();
  await page.getByRole('menuitem', { name: t('common.delete') }).click();
  const confirm = page.getByRole('dialog', { name: t('contacts.delete.title') });
  await expect(confirm).toContainText('Anna Bäcker');
  await confirm.getByRole('button', { name: t('common.delete') }).click();
  await expect(confirm).toBeHidden();
  await expect(contactRow(page, 'Anna Bäcker')).toBeHidden();
  await expect(page.getByText('3 Kontakte', { exact: true })).toBeVisible();
});

test('a contact confirms its address from a mail that says Sie and names the office by its company', async ({
  page,
}) => {
  const call = officeCall(page.request, await signUpOffice(page, 'bestaetigung'));
  const email = uniqueEmail('bauherrin');
  await call('post', '/contact', { firstName: 'Eva', lastName: 'Bauer', email });
  await page.goto('/contacts');
  await contactRow(page, 'Eva Bauer')
    .getByRole('button', { name: t('contacts.actionsFor', { name: 'Eva Bauer' }) })
    .click();
  await page.getByRole('menuitem', { name: t('contacts.requestValidation') }).click();
  await expect(contactRow(page, 'Eva Bauer')).toContainText(t('contacts.validation.pending'));

  await followMailLink(
    page,
    email,
    'Planversand von Berg Architekten: Bitte bestätigen Sie Ihre E-Mail-Adresse',
    'E-Mail-Adresse bestätigen',
  );
  await expect(page.getByText(t('contactValidate.successTextFrom', { office: 'Berg Architekten' }))).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'contact-validated.png') });
});

test('an office imports an Outlook export and takes it back: participants and edited contacts stay, named beforehand', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await signUpOffice(page, 'kontakte-outlook');
  const office = officeApi(request, token);
  await page.goto('/contacts?tab=import');
  await expect(page.getByRole('heading', { name: t('contacts.import.title') })).toBeVisible();
  await shoot(page, 'contacts-import-help');

  // a file of a header row alone is refused at once, where it was dropped; nothing starts
  await importFile(page, 'nur-kopfzeile.csv', Buffer.from('Vorname;Nachname;E-Mail\r\n'));
  await expect(page.getByRole('alert')).toHaveText(t('msg.import.empty_file'));
  await expect(page.getByRole('heading', { name: t('contacts.import.title') })).toBeVisible();
  await shoot(page, 'contacts-import-empty-file');

  // a file none of whose lines can be taken is not called a success
  await importFile(
    page,
    'unbrauchbar.csv',
    Buffer.from('Vorname;Nachname;E-Mail\nAnna;Berg;anna(at)berg.de\nBen;Tal;\n'),
  );
  const nothing = page.getByRole('heading', { name: t('contacts.import.nothingTitle') });
  await expect(nothing).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: t('contacts.import.reportTitle') })).toHaveCount(0);
  const [red, green, blue] = await nothing.evaluate((h) => getComputedStyle(h).color.match(/\d+/g)!.map(Number));
  expect(red).toBeGreaterThan(green! + 80);
  expect(red).toBeGreaterThan(blue! + 80);
  await expect(page.getByRole('group', { name: t('contacts.import.imported') })).toContainText('0');
  await expect(page.getByRole('row').filter({ hasText: 'Ben Tal' })).toContainText(
    t('contacts.import.reasons.email_missing'),
  );
  await shoot(page, 'contacts-import-nothing');
  await page.getByRole('button', { name: t('contacts.import.finish') }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  // a file without an e-mail column is refused with nothing imported
  await page.goto('/contacts?tab=import');
  await importFile(page, 'ohne-mail.csv', Buffer.from('Vorname;Nachname;Firma\nAnna;Berg;Berg Architekten\n'));
  await expect(page.getByRole('heading', { name: t('contacts.import.failedTitle') })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toContainText(t('msg.import.email_column_missing'));
  await page.getByRole('button', { name: t('contacts.import.finish') }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  // Outlook's export (Windows-1252, notes over several lines, Exchange addresses)
  await page.goto('/contacts?tab=import');
  await importFile(page, 'outlook-de.csv', fs.readFileSync(path.join(EXPORTS, 'outlook-de.csv')));
  await expect(page.getByRole('heading', { name: t('contacts.import.partlyTitle') })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('group', { name: t('contacts.import.imported') })).toContainText('7');
  const problems = page.getByRole('table', { name: t('contacts.import.problemsTitle') });
  const stadtwerke = problems.getByRole('row').filter({ hasText: 'Stadtwerke Augsburg' });
  await expect(stadtwerke.getByRole('cell').first()).toHaveText('9');
  const exner = problems.getByRole('row').filter({ hasText: 'Bernd Exner' });
  await expect(exner.getByRole('cell').first()).toHaveText('11');
  await expect(exner).toContainText(t('contacts.import.reasons.email_exchange'));
  await expect(page.getByText('E-Mail ← „E-Mail 2: Adresse“', { exact: false })).toBeVisible();
  await shoot(page, 'contacts-import-outlook-report');

  // meanwhile Änne Özdemir becomes a participant and Claudia Römer is edited by hand
  const list = await office.call<{ contacts: { _id: string; email: string }[] }>('get', '/contacts?limit=50');
  const byEmail = (email: string) => list.contacts.find((c) => c.email === email)!._id;
  const project = await office.project('2026-07', 'Haus Müller');
  const bundle = await office.bundle(project._id);
  await office.participant(project._id, byEmail('aenne@oezdemir-ing.de'), bundle.participantfolders[0]!._id);
  await office.call('put', `/contact/${byEmail('claudia.roemer@architektur-roemer.de')}`, { phone: '0821 55 66 77' });

  // taking the import back names what goes and what stays
  await page.getByRole('button', { name: t('contacts.import.undo') }).click();
  const dialog = page.getByRole('dialog', { name: t('contacts.import.undoTitle') });
  const removed = dialog.getByRole('region', { name: t('contacts.import.undoRemove_other', { formatted: '5' }) });
  await expect(removed).toBeVisible();
  for (const name of ['Jürgen Weiß', 'Lukas Brandstätter', 'Marta Nowak', 'Sören Kühn', 'Friederike Maaß'])
    await expect(removed.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  const kept = dialog.getByRole('region', { name: t('contacts.import.undoKeep_other', { formatted: '2' }) });
  await expect(kept.getByRole('listitem').filter({ hasText: 'Änne Özdemir' })).toContainText(
    t('contacts.import.undoKeepParticipant', { projects: '2026-07 Haus Müller' }),
  );
  await expect(kept.getByRole('listitem').filter({ hasText: 'Claudia Römer' })).toContainText(
    t('contacts.import.undoKeepEdited'),
  );
  await shoot(page, 'contacts-import-undo');
  await dialog.getByRole('button', { name: t('contacts.import.undoConfirm_other', { formatted: '5' }) }).click();
  await expect(page.getByText(t('contacts.import.undoneKept_other', { formatted: '2' }))).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(contactRow(page, 'Änne Özdemir')).toBeVisible();
  await expect(contactRow(page, 'Claudia Römer')).toBeVisible();
  await expect(contactRow(page, 'Jürgen Weiß')).toBeHidden();
  await expect(page.getByText('2 Kontakte', { exact: true })).toBeVisible();
  const participants = await office.bundle(project._id);
  expect((participants as unknown as { participants: unknown[] }).participants).toHaveLength(1);

  // lines in another encoding are read in theirs and named in the report
  await page.goto('/contacts?tab=import');
  await importFile(page, 'gemischt.csv', fs.readFileSync(path.join(EXPORTS, 'mixed-encodings.csv')));
  await expect(page.getByRole('heading', { name: t('contacts.import.reportTitle') })).toBeVisible({ timeout: 20_000 });
  const mixed = page.getByTestId('import-mixed-encoding');
  await expect(mixed).toContainText(t('contacts.import.mixedTitle'));
  await expect(mixed).toContainText('7, 9');
  await shoot(page, 'contacts-import-mixed');
  await page.getByRole('button', { name: t('contacts.import.finish') }).click();
  await expect(contactRow(page, 'Björn Größl')).toBeVisible();
  await expect(contactRow(page, 'Jürgen Weiß')).toBeVisible();
});

test("a contact's language is chosen in the contact form, the office's by default; its mails speak it", async ({
  page,
}) => {
  const call = officeCall(page.request, await signUpOffice(page, 'sprache'));
  await page.goto('/contacts');

  // a new contact starts in the office's language (German here), the form offers English
  await page.getByRole('button', { name: t('contacts.create') }).click();
  const dialog = page.getByRole('dialog', { name: t('contacts.form.createTitle') });
  const language = dialog.getByLabel(t('contacts.form.language'));
  await expect(language).toHaveValue('de');
  const email = uniqueEmail('john-smith');
  await dialog.getByLabel(t('form.firstName')).fill('John');
  await dialog.getByLabel(t('form.lastName')).fill('Smith');
  await dialog.getByLabel(t('form.email')).fill(email);
  await language.selectOption('en');
  await shoot(page, 'contact-form-language');
  await dialog.getByRole('button', { name: t('contacts.form.submitCreate') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('contacts.message.created'))).toBeVisible();

  // saved: the edit dialog shows it, and the API says so
  await page.getByRole('button', { name: t('contacts.actionsFor', { name: 'John Smith' }) }).click();
  await page.getByRole('menuitem', { name: t('contacts.edit') }).click();
  const edit = page.getByRole('dialog', { name: t('contacts.form.editTitle') });
  await expect(edit.getByLabel(t('contacts.form.language'))).toHaveValue('en');
  await edit.getByRole('button', { name: t('common.cancel') }).click();
  const listed = await call<{ contacts: { email: string; locale: string }[] }>('get', '/contacts?limit=50');
  expect(listed.contacts.find((c) => c.email === email)?.locale).toBe('en');

  // the confirmation mail goes out in English though the office works in German
  await page.getByRole('button', { name: t('contacts.actionsFor', { name: 'John Smith' }) }).click();
  await page.getByRole('menuitem', { name: t('contacts.requestValidation') }).click();
  await expect(contactRow(page, 'John Smith')).toContainText(t('contacts.validation.pending'));
  await followMailLink(
    page,
    email,
    'Plan delivery from Berg Architekten: please confirm your e-mail address',
    'Confirm e-mail address',
  );
  await expect(page).toHaveURL(/\/contact\/validate\//);
});
