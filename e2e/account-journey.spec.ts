import { expect, test, type Page } from '@playwright/test';
import { signUpOfficeAs } from './support/office.ts';
import { followMailLink } from './support/outbox.ts';
import { text, uniqueEmail, type Lang } from './support/texts.ts';

const MAIL = {
  de: {
    validate: 'Willkommen bei Plankurier – bitte bestätige deine E-Mail-Adresse',
    validateLink: 'E-Mail-Adresse bestätigen',
    reset: 'Plankurier – Passwort zurücksetzen',
    resetLink: 'Neues Passwort festlegen',
  },
  en: {
    validate: 'Welcome to Plankurier – please confirm your e-mail address',
    validateLink: 'Confirm e-mail address',
    reset: 'Plankurier – reset your password',
    resetLink: 'Set a new password',
  },
} as const;

async function openMenu(page: Page, lang: Lang) {
  await page.getByRole('button', { name: text(lang, 'nav.openMenu') }).click();
}

async function signOut(page: Page, lang: Lang) {
  await openMenu(page, lang);
  await page.getByRole('button', { name: text(lang, 'dashboard.signOut') }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel(text(lang, 'form.email'), { exact: true }).fill(email);
  await page.getByLabel(text(lang, 'form.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lang, 'signin.submit') }).click();
  await expect(page).toHaveURL(/\/projects$/);
}

for (const lang of ['de', 'en'] as const) {
  test(`a planning office signs up, validates, manages its account and resets its password (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    const t = (key: string, values?: Record<string, string>) => text(lang, key, values);
    const email = uniqueEmail(`buero-${lang}`);

    // landing → sign up
    await page.goto('/');
    if (lang === 'en') await page.getByText('EN', { exact: true }).click();
    await expect(page.getByRole('heading', { name: t('landing.title') })).toBeVisible();
    await page
      .getByRole('link', { name: t('landing.signup') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel(t('form.firstName')).fill('Jörg');
    await page.getByLabel(t('form.lastName')).fill('Müller');
    await page.getByLabel(t('form.company')).fill('Müller & Söhne Architekten');
    await page.getByLabel(t('form.email'), { exact: true }).fill(email);
    await page.getByLabel(t('form.password'), { exact: true }).fill('geheim123');
    await page.getByLabel(t('form.passwordRepeat')).fill('geheim124');
    await page.getByRole('button', { name: t('signup.submit') }).click();
    await expect(page.getByText(t('msg.auth.password_mismatch'))).toBeVisible();
    await page.getByLabel(t('form.passwordRepeat')).fill('geheim123');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByText(t('nav.headline.projects'))).toBeVisible();
    await expect(page.getByText(t('common.tierLabel', { tier: 'FREE' }))).toBeVisible();
    await expect(page.getByRole('link', { name: t('common.upgradeLink', { tier: 'PRO' }) })).toBeVisible();
    const banner = page.getByText(t('banner.validate', { email }));
    await expect(banner).toBeVisible();

    // a second tab learns live that the account was validated
    const secondTab = await context.newPage();
    await secondTab.goto('/projects');
    await expect(secondTab.getByText(t('banner.validate', { email }))).toBeVisible();
    const mailbox = await context.newPage();
    await followMailLink(mailbox, email, MAIL[lang].validate, MAIL[lang].validateLink);
    await expect(mailbox.getByText(t('message_user_validated')).first()).toBeVisible();
    await expect(secondTab.getByText(t('banner.validate', { email }))).toBeHidden();
    await expect(banner).toBeHidden();
    await secondTab.close();
    await mailbox.close();

    // the link opened again, signed out (the mail read on the phone): confirmed already, sign in
    const phone = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: lang === 'de' ? 'de-DE' : 'en-US',
    });
    const phoneMail = await phone.newPage();
    await followMailLink(phoneMail, email, MAIL[lang].validate, MAIL[lang].validateLink);
    // a browser without a choice of its own shows the default language, German
    await expect(phoneMail.getByText(text('de', 'userValidate.alreadyText'))).toBeVisible();
    await expect(phoneMail.getByText(text('de', 'userValidate.failedTitle'))).toHaveCount(0);
    await expect(phoneMail.getByRole('link', { name: text('de', 'common.toSignIn') })).toBeVisible();
    await phone.close();

    // the office's billing address, on the owner's 'Büro' tab
    await openMenu(page, lang);
    await page.getByRole('link', { name: t('dashboard.settings') }).click();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByLabel(t('form.firstName'))).toHaveValue('Jörg');
    await page.getByRole('tab', { name: t('account.tabs.office') }).click();
    await expect(page).toHaveURL(/\/profile\/office$/);
    await expect(page.getByLabel(t('form.company'))).toHaveValue('Müller & Söhne Architekten');
    await page.getByLabel(t('account.data.streetName')).fill('Hauptstraße');
    await page.getByLabel(t('account.data.streetNumber')).fill('12a');
    await page.getByLabel(t('account.data.cityCode')).fill('80331');
    await page.getByLabel(t('account.data.cityName')).fill('München');
    await page.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('message_account_update_data_success'))).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(t('account.data.cityName'))).toHaveValue('München');

    // password: the wrong current one is named at the field, the right one works
    await page.getByRole('tab', { name: t('account.tabs.change_password') }).click();
    await page.getByLabel(t('account.password.current')).fill('falsch123');
    await page.getByLabel(t('account.password.new')).fill('neues-geheim');
    await page.getByLabel(t('form.passwordRepeat')).fill('neues-geheim');
    await page.getByRole('button', { name: t('account.password.submit') }).click();
    await expect(page.getByText(t('msg.auth.wrong_password'))).toBeVisible();
    await page.getByLabel(t('account.password.current')).fill('geheim123');
    await page.getByRole('button', { name: t('account.password.submit') }).click();
    await expect(page.getByText(t('message_account_reset_password_success'))).toBeVisible();

    // e-mail: the new address must be validated again
    const newEmail = uniqueEmail(`neu-${lang}`);
    await page.getByRole('tab', { name: t('account.tabs.change_email') }).click();
    await page.getByLabel(t('account.email.new')).fill(newEmail);
    await page.getByLabel(t('account.email.password'), { exact: true }).fill('neues-geheim');
    await page.getByRole('button', { name: t('account.email.submit') }).click();
    await expect(page.getByText(t('account.email.sent', { email: newEmail }))).toBeVisible();
    await expect(page.getByText(t('banner.validate', { email: newEmail }))).toBeVisible();

    // sign out and back in with the new address and password
    await signOut(page, lang);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByLabel(t('form.email'), { exact: true }).fill(newEmail);
    await page.getByLabel(t('form.password'), { exact: true }).fill('geheim123');
    await page.getByRole('button', { name: t('signin.submit') }).click();
    await expect(page.getByText(t('msg.auth.wrong_credentials'))).toBeVisible();
    // the right password leads back to the page the user wanted
    await page.getByLabel(t('form.password'), { exact: true }).fill('neues-geheim');
    await page.getByRole('button', { name: t('signin.submit') }).click();
    await expect(page).toHaveURL(/\/profile/);

    // forgot password → mailed link → new password → sign in
    await signOut(page, lang);
    await page.goto('/signin');
    await page.getByRole('link', { name: t('signin.forgot') }).click();
    // the sign-in form has an Email field too: wait until the forgot page has replaced it
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: t('forgot.title') })).toBeVisible();
    await page.getByLabel(t('form.email'), { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: t('forgot.submit') }).click();
    await expect(page.getByText(t('forgot.sent'))).toBeVisible();
    await followMailLink(page, newEmail, MAIL[lang].reset, MAIL[lang].resetLink);
    await page.getByLabel(t('reset.password')).fill('drittes-pw');
    await page.getByLabel(t('form.passwordRepeat')).fill('drittes-pw');
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByText(t('reset.success'))).toBeVisible();
    await signIn(page, lang, newEmail, 'drittes-pw');
  });
}

test('the interface switches to English in the settings and stays so after signing in again', async ({ page }) => {
  const email = uniqueEmail('sprache');
  await signUpOfficeAs(page, email);
  await page.goto('/profile/user_settings');
  await page.getByLabel(text('de', 'account.settings.language')).selectOption('en');
  await page.getByRole('button', { name: text('de', 'common.save') }).click();
  await expect(page.getByRole('tab', { name: text('en', 'account.tabs.user_settings') })).toBeVisible();
  // the toast speaks the language just chosen
  await expect(page.getByText(text('en', 'message_account_update_data_success'))).toBeVisible();
  await expect(page.getByText(text('de', 'message_account_update_data_success'))).toHaveCount(0);
  await signOut(page, 'en');
  await signIn(page, 'en', email, 'geheim123');
  await expect(page.getByText(text('en', 'nav.headline.projects'))).toBeVisible();
});
