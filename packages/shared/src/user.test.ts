import { describe, expect, test } from 'vitest';
import { ResetBody, SignInBody, SignUpBody, UpdateUserBody, ValidateBody } from './user.ts';

const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('SignUpBody', () => {
  const valid = { email: 'anna@buero.de', password: 'geheim123' };

  test('the e-mail is stored trimmed and in lower case', () => {
    expect(SignUpBody.parse({ ...valid, email: '  Anna.Mueller@Planungsbuero.DE  ' }).email).toBe(
      'anna.mueller@planungsbuero.de',
    );
  });

  test.each(['anna', 'anna@', '@buero.de', 'anna@buero', 'anna mueller@buero.de', '', '   '])(
    'the invalid e-mail %j is refused',
    (email) => {
      const result = SignUpBody.safeParse({ ...valid, email });
      expect(result.success).toBe(false);
      expect(issuePaths(result)).toContain('email');
    },
  );

  test('an e-mail longer than 254 characters is refused', () => {
    const email = (domainLength: number) => `${'a'.repeat(64)}@${'b'.repeat(domainLength)}.de`;
    expect(email(186)).toHaveLength(254);
    expect(SignUpBody.safeParse({ ...valid, email: email(186) }).success).toBe(true);
    expect(SignUpBody.safeParse({ ...valid, email: email(187) }).success).toBe(false);
  });

  test('a missing e-mail is refused', () => {
    expect(SignUpBody.safeParse({ password: 'geheim123' }).success).toBe(false);
  });

  test('a missing password is refused', () => {
    const result = SignUpBody.safeParse({ email: 'anna@buero.de' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toContain('password');
  });

  test('the password is passed on exactly as typed, spaces included', () => {
    expect(SignUpBody.parse({ ...valid, password: ' geheim 123 ' }).password).toBe(' geheim 123 ');
  });

  test('a password longer than 1024 characters is refused', () => {
    expect(SignUpBody.safeParse({ ...valid, password: 'x'.repeat(1024) }).success).toBe(true);
    expect(SignUpBody.safeParse({ ...valid, password: 'x'.repeat(1025) }).success).toBe(false);
  });

  test('a sign-up without a locale gets the German default and empty names', () => {
    expect(SignUpBody.parse(valid)).toEqual({
      email: 'anna@buero.de',
      password: 'geheim123',
      firstName: '',
      lastName: '',
      company: '',
      locale: 'de',
    });
  });

  test('a sign-up in English keeps the English locale', () => {
    expect(SignUpBody.parse({ ...valid, locale: 'en' }).locale).toBe('en');
  });

  test('an unsupported locale is refused', () => {
    const result = SignUpBody.safeParse({ ...valid, locale: 'fr' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toContain('locale');
  });

  test('names and company are trimmed', () => {
    const body = SignUpBody.parse({
      ...valid,
      firstName: ' Anna ',
      lastName: ' Müller ',
      company: ' Büro Müller GmbH ',
    });
    expect(body.firstName).toBe('Anna');
    expect(body.lastName).toBe('Müller');
    expect(body.company).toBe('Büro Müller GmbH');
  });

  test('a first name longer than 100 characters is refused', () => {
    expect(SignUpBody.safeParse({ ...valid, firstName: 'a'.repeat(100) }).success).toBe(true);
    expect(SignUpBody.safeParse({ ...valid, firstName: 'a'.repeat(101) }).success).toBe(false);
  });

  test('unknown fields such as a tier or beta flag are dropped, so a sign-up cannot grant itself privileges', () => {
    const body = SignUpBody.parse({ ...valid, tier: 'P2', isBetaTester: true, validated: true, _id: 'x' });
    expect(Object.keys(body).sort()).toEqual(['company', 'email', 'firstName', 'lastName', 'locale', 'password']);
  });
});

describe('SignInBody', () => {
  test('the sign-in e-mail is trimmed and lower-cased so it matches the stored one', () => {
    expect(SignInBody.parse({ email: ' Anna@Buero.DE ', password: 'geheim123' })).toEqual({
      email: 'anna@buero.de',
      password: 'geheim123',
    });
  });

  test('a sign-in with an invalid e-mail is refused', () => {
    expect(SignInBody.safeParse({ email: 'anna', password: 'geheim123' }).success).toBe(false);
  });
});

describe('UpdateUserBody', () => {
  test('a profile update keeps only the given fields, trimmed', () => {
    expect(UpdateUserBody.parse({ updateType: 'UPDATE_PROFILE', firstName: ' Anna ', locale: 'en' })).toEqual({
      updateType: 'UPDATE_PROFILE',
      firstName: 'Anna',
      locale: 'en',
    });
  });

  test('a profile update with only the update type is allowed', () => {
    expect(UpdateUserBody.parse({ updateType: 'UPDATE_PROFILE' })).toEqual({ updateType: 'UPDATE_PROFILE' });
  });

  test('a profile update may clear the BCC e-mail with an empty text', () => {
    expect(UpdateUserBody.parse({ updateType: 'UPDATE_PROFILE', bccEmail: '' })).toEqual({
      updateType: 'UPDATE_PROFILE',
      bccEmail: '',
    });
  });

  test('a profile update lower-cases the BCC and reply-to e-mails', () => {
    expect(
      UpdateUserBody.parse({
        updateType: 'UPDATE_PROFILE',
        bccEmail: ' Archiv@Buero.DE ',
        replyToEmail: 'Info@Buero.de',
      }),
    ).toEqual({ updateType: 'UPDATE_PROFILE', bccEmail: 'archiv@buero.de', replyToEmail: 'info@buero.de' });
  });

  test('a profile update with an invalid BCC e-mail is refused', () => {
    const result = UpdateUserBody.safeParse({ updateType: 'UPDATE_PROFILE', bccEmail: 'archiv' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toContain('bccEmail');
  });

  test('a profile update with QR defaults outside the allowed range is refused', () => {
    const qr = { x: 10, y: 10, width: 20, autoEmbed: false, hasBorder: true };
    expect(UpdateUserBody.safeParse({ updateType: 'UPDATE_PROFILE', qrDefaults: qr }).success).toBe(true);
    expect(UpdateUserBody.safeParse({ updateType: 'UPDATE_PROFILE', qrDefaults: { ...qr, width: 4 } }).success).toBe(
      false,
    );
  });

  test('a profile update cannot smuggle in a password, e-mail or tier', () => {
    expect(
      UpdateUserBody.parse({
        updateType: 'UPDATE_PROFILE',
        company: 'Büro',
        password: 'x',
        newPassword: 'y',
        email: 'other@buero.de',
        tier: 'P2',
      }),
    ).toEqual({ updateType: 'UPDATE_PROFILE', company: 'Büro' });
  });

  test('a password update needs the current and the new password', () => {
    expect(
      UpdateUserBody.parse({ updateType: 'UPDATE_PASSWORD', currentPassword: 'alt12345', newPassword: 'neu12345' }),
    ).toEqual({ updateType: 'UPDATE_PASSWORD', currentPassword: 'alt12345', newPassword: 'neu12345' });
    const result = UpdateUserBody.safeParse({ updateType: 'UPDATE_PASSWORD', newPassword: 'neu12345' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toContain('currentPassword');
  });

  test('an e-mail update lower-cases the new e-mail and needs the password', () => {
    expect(
      UpdateUserBody.parse({ updateType: 'UPDATE_EMAIL', email: ' Neu@Buero.DE ', password: 'geheim123' }),
    ).toEqual({
      updateType: 'UPDATE_EMAIL',
      email: 'neu@buero.de',
      password: 'geheim123',
    });
    expect(UpdateUserBody.safeParse({ updateType: 'UPDATE_EMAIL', email: 'neu@buero.de' }).success).toBe(false);
  });

  test('an e-mail update with an invalid e-mail is refused', () => {
    const result = UpdateUserBody.safeParse({ updateType: 'UPDATE_EMAIL', email: 'neu', password: 'geheim123' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toContain('email');
  });

  test('the update type decides which fields are read: password fields are ignored for an e-mail update', () => {
    expect(
      UpdateUserBody.parse({
        updateType: 'UPDATE_EMAIL',
        email: 'neu@buero.de',
        password: 'geheim123',
        newPassword: 'x',
        firstName: 'Anna',
      }),
    ).toEqual({ updateType: 'UPDATE_EMAIL', email: 'neu@buero.de', password: 'geheim123' });
  });

  test.each(['DELETE_ACCOUNT', 'update_profile', '', 42])('an unknown update type %j is refused', (updateType) => {
    const result = UpdateUserBody.safeParse({ updateType, firstName: 'Anna' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toEqual(['updateType']);
  });

  test('an update without an update type is refused', () => {
    const result = UpdateUserBody.safeParse({ firstName: 'Anna' });
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toEqual(['updateType']);
  });
});

describe('ResetBody', () => {
  const code = 'a1b2c3d4e5f6';

  test('a reset request with only an e-mail asks for a mail, with the e-mail trimmed and lower-cased', () => {
    expect(ResetBody.parse({ email: ' Anna@Buero.DE ' })).toEqual({ email: 'anna@buero.de' });
  });

  test('a reset with code and new password sets the password', () => {
    expect(ResetBody.parse({ code, password: 'neu12345' })).toEqual({ code, password: 'neu12345' });
  });

  test('a reset request with an invalid e-mail is refused', () => {
    expect(ResetBody.safeParse({ email: 'anna' }).success).toBe(false);
  });

  test('a reset code without a new password is refused', () => {
    expect(ResetBody.safeParse({ code }).success).toBe(false);
  });

  test('a reset code shorter than 10 characters is refused', () => {
    expect(ResetBody.safeParse({ code: 'a'.repeat(10), password: 'neu12345' }).success).toBe(true);
    expect(ResetBody.safeParse({ code: 'a'.repeat(9), password: 'neu12345' }).success).toBe(false);
  });

  test('a reset code longer than 200 characters is refused', () => {
    expect(ResetBody.safeParse({ code: 'a'.repeat(200), password: 'neu12345' }).success).toBe(true);
    expect(ResetBody.safeParse({ code: 'a'.repeat(201), password: 'neu12345' }).success).toBe(false);
  });

  test('an empty reset body is refused', () => {
    expect(ResetBody.safeParse({}).success).toBe(false);
  });

  test('a reset with code and password drops any extra e-mail field', () => {
    expect(ResetBody.parse({ code, password: 'neu12345', email: 'anna@buero.de' })).toEqual({
      code,
      password: 'neu12345',
    });
  });
});

describe('ValidateBody', () => {
  test('an account validation code needs between 10 and 200 characters', () => {
    expect(ValidateBody.safeParse({ validationCode: 'a'.repeat(10) }).success).toBe(true);
    expect(ValidateBody.safeParse({ validationCode: 'a'.repeat(9) }).success).toBe(false);
    expect(ValidateBody.safeParse({ validationCode: 'a'.repeat(200) }).success).toBe(true);
    expect(ValidateBody.safeParse({ validationCode: 'a'.repeat(201) }).success).toBe(false);
  });
});
