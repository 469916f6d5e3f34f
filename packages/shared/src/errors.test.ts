import { describe, expect, test, vi } from 'vitest';
import { appError, describeError, errors, isAppError } from './errors.ts';
import { MSG_CODES, isMsgCode } from './msg-codes.ts';

describe('appError', () => {
  test('an application error is a real Error carrying its msgCode and HTTP status', () => {
    const err = appError('auth.email_taken', 409);
    expect(err).toBeInstanceOf(Error);
    expect(err.msgCode).toBe('auth.email_taken');
    expect(err.status).toBe(409);
    expect(err.message).toBe('auth.email_taken');
  });

  test('an application error can be thrown and caught like any other error', () => {
    expect(() => {
      throw appError('common.not_found', 404);
    }).toThrow('common.not_found');
  });
});

describe('isAppError', () => {
  test('an application error is recognised', () => {
    expect(isAppError(appError('common.validation', 400))).toBe(true);
  });

  test('a plain Error without msgCode and status is not an application error', () => {
    expect(isAppError(new Error('boom'))).toBe(false);
  });

  test('an Error with a msgCode but no status is not an application error', () => {
    expect(isAppError(Object.assign(new Error('x'), { msgCode: 'common.validation' }))).toBe(false);
  });

  test('an Error with a status but no msgCode is not an application error', () => {
    expect(isAppError(Object.assign(new Error('x'), { status: 400 }))).toBe(false);
  });

  test('an Error whose status is a string is not an application error', () => {
    expect(isAppError(Object.assign(new Error('x'), { msgCode: 'common.validation', status: '400' }))).toBe(false);
  });

  test('a plain object that only looks like an error body is not an application error', () => {
    expect(isAppError({ msgCode: 'common.validation', status: 400 })).toBe(false);
  });

  test.each([null, undefined, 'common.validation', 400])('the value %s is not an application error', (value) => {
    expect(isAppError(value)).toBe(false);
  });
});

describe('error catalogue', () => {
  test.each([
    ['notFound', 'common.not_found', 404],
    ['validation', 'common.validation', 400],
    ['unauthorized', 'common.unauthorized', 401],
    ['rateLimited', 'common.rate_limited', 429],
    ['unavailable', 'common.unavailable', 503],
    ['wrongCredentials', 'auth.wrong_credentials', 401],
    ['emailTaken', 'auth.email_taken', 409],
    ['wrongPassword', 'auth.wrong_password', 401],
    ['passwordRequired', 'auth.password_required', 400],
    ['passwordTooShort', 'auth.password_too_short', 400],
    ['noAccess', 'auth.no_access', 403],
    ['invalidCode', 'auth.invalid_code', 400],
    ['tierLimitReached', 'tier.limit_reached', 403],
    ['projectNumberRequired', 'project.number_required', 400],
    ['projectNumberTaken', 'project.number_taken', 409],
    ['phaseNameRequired', 'phase.name_required', 400],
    ['phaseShortcutRequired', 'phase.shortcut_required', 400],
    ['phaseShortcutTaken', 'phase.shortcut_taken', 409],
    ['phaseNotEmpty', 'phase.not_empty', 409],
    ['folderNameRequired', 'folder.name_required', 400],
    ['folderNotEmpty', 'folder.not_empty', 409],
    ['folderNameTaken', 'folder.name_taken', 409],
    ['versionIndexRequired', 'version.index_required', 400],
    ['versionLocked', 'version.locked', 409],
    ['versionFilesMissing', 'version.files_missing', 409],
    ['versionNotInPreparation', 'version.not_in_preparation', 409],
    ['versionPreparationExists', 'version.preparation_exists', 409],
    ['participantExists', 'participant.exists', 409],
    ['participantFolderNotEmpty', 'participant.folder_not_empty', 409],
    ['contactInForeignProject', 'contact.in_foreign_project', 403],
    ['roleNameRequired', 'role.name_required', 400],
    ['roleNameTaken', 'role.name_taken', 409],
    ['templateTitleRequired', 'template.title_required', 400],
    ['templateTitleTaken', 'template.title_taken', 409],
    ['deliveryCompanyMissing', 'delivery.company_missing', 400],
    ['deliveryNoFiles', 'delivery.no_files', 409],
    ['deliveryFilesMissing', 'delivery.files_missing', 409],
    ['fileMissing', 'file.missing', 410],
    ['fileWithdrawn', 'file.withdrawn', 410],
    ['qrEncrypted', 'qr.encrypted', 409],
    ['qrUnreadable', 'qr.unreadable', 422],
    ['qrTooLarge', 'qr.too_large', 413],
    ['qrDoesNotFit', 'qr.does_not_fit', 422],
    ['shipmentVersionNotDelivered', 'shipment.version_not_delivered', 409],
    ['biggestPlan', 'billing.biggest_plan', 409],
    ['upgradeNotAllowed', 'billing.upgrade_not_allowed', 409],
    ['forbidden', 'common.forbidden', 403],
    ['conflict', 'common.conflict', 409],
    ['seatLimitReached', 'tier.seat_limit_reached', 403],
    ['noOffice', 'office.none', 403],
    ['lastOwner', 'office.last_owner', 409],
    ['alreadyMember', 'office.already_member', 409],
    ['vatIdInvalid', 'office.vat_id_invalid', 400],
    ['invitationInvalid', 'invitation.invalid', 404],
    ['versionAlreadyReleased', 'version.already_released', 409],
    ['deliveryInProgress', 'delivery.in_progress', 409],
    ['deliveryDuplicate', 'delivery.duplicate', 409],
    ['currentPlan', 'billing.current_plan', 409],
    ['receiptAlreadyConfirmed', 'receipt.already_confirmed', 409],
    ['linkExpired', 'link.expired', 410],
    ['emailUnconfirmed', 'account.email_unconfirmed', 403],
    ['mailRateLimited', 'mail.rate_limited', 429],
    ['validationCooldown', 'contact.validation_cooldown', 429],
    ['recipientLimitReached', 'tier.recipient_limit_reached', 403],
    ['mailAddressLinkInvalid', 'mail_address.link_invalid', 404],
    ['mailAddressAlreadyConfirmed', 'mail_address.already_confirmed', 409],
    ['mailAddressMissing', 'mail_address.missing', 400],
    ['bccUnconfirmed', 'delivery.bcc_unconfirmed', 409],
  ] as const)('the %s error answers with msgCode %s and HTTP status %i', (name, msgCode, status) => {
    const err = errors[name]();
    expect(isAppError(err)).toBe(true);
    expect(err.msgCode).toBe(msgCode);
    expect(err.status).toBe(status);
  });

  test('the catalogue has no error that the test above does not check', () => {
    expect(Object.keys(errors).sort()).toEqual(
      [
        'notFound',
        'validation',
        'unauthorized',
        'rateLimited',
        'unavailable',
        'wrongCredentials',
        'emailTaken',
        'wrongPassword',
        'passwordRequired',
        'passwordTooShort',
        'noAccess',
        'invalidCode',
        'tierLimitReached',
        'projectNumberRequired',
        'projectNumberTaken',
        'phaseNameRequired',
        'phaseShortcutRequired',
        'phaseShortcutTaken',
        'phaseNotEmpty',
        'folderNameRequired',
        'folderNotEmpty',
        'folderNameTaken',
        'versionIndexRequired',
        'versionLocked',
        'versionFilesMissing',
        'versionNotInPreparation',
        'versionPreparationExists',
        'participantExists',
        'participantFolderNotEmpty',
        'contactInForeignProject',
        'roleNameRequired',
        'roleNameTaken',
        'templateTitleRequired',
        'templateTitleTaken',
        'deliveryCompanyMissing',
        'deliveryNoFiles',
        'deliveryFilesMissing',
        'fileMissing',
        'fileWithdrawn',
        'qrEncrypted',
        'qrUnreadable',
        'qrTooLarge',
        'qrDoesNotFit',
        'shipmentVersionNotDelivered',
        'biggestPlan',
        'upgradeNotAllowed',
        'forbidden',
        'conflict',
        'seatLimitReached',
        'noOffice',
        'lastOwner',
        'alreadyMember',
        'vatIdInvalid',
        'invitationInvalid',
        'versionAlreadyReleased',
        'deliveryInProgress',
        'deliveryDuplicate',
        'currentPlan',
        'receiptAlreadyConfirmed',
        'linkExpired',
        'emailUnconfirmed',
        'mailRateLimited',
        'validationCooldown',
        'recipientLimitReached',
        'mailAddressLinkInvalid',
        'mailAddressAlreadyConfirmed',
        'mailAddressMissing',
        'bccUnconfirmed',
      ].sort(),
    );
  });

  test('every catalogue error uses a known msgCode that the web can translate', () => {
    for (const make of Object.values(errors)) {
      expect(MSG_CODES).toContain(make().msgCode);
    }
  });

  test('every catalogue error is an HTTP client or server error status', () => {
    for (const make of Object.values(errors)) {
      const { status } = make();
      expect(Number.isInteger(status)).toBe(true);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  test('each call creates a fresh error so that stack traces are not shared', () => {
    expect(errors.notFound()).not.toBe(errors.notFound());
  });
});

describe('msgCodes', () => {
  test('msgCodes are unique', () => {
    expect(new Set(MSG_CODES).size).toBe(MSG_CODES.length);
  });

  test('msgCodes are dotted lower-case codes with an area and a name', () => {
    for (const code of MSG_CODES) {
      expect(code).toMatch(/^[a-z][a-z_]*\.[a-z_]+$/);
    }
  });

  test('the password confirmation mismatch has its own msgCode', () => {
    expect(MSG_CODES).toContain('auth.password_mismatch');
  });

  test('a known msgCode is recognised', () => {
    expect(isMsgCode('auth.wrong_credentials')).toBe(true);
  });

  test.each(['auth.unknown', 'AUTH.WRONG_CREDENTIALS', '', 'msg.auth.wrong_credentials', 42, null, undefined])(
    'the value %s is not a known msgCode',
    (value) => {
      expect(isMsgCode(value)).toBe(false);
    },
  );
});

describe('describeError', () => {
  const german: Record<string, string> = {
    'msg.auth.wrong_credentials': 'Falsche Email und/oder falsches Passwort',
    'msg.auth.password_mismatch': 'Passwort Wiederholung falsch',
    'msg.no_message': 'keine Meldung',
  };
  const translateGerman = (key: string) => german[key];
  const translateNothing = () => undefined;

  test('the user reads the translation of the server msgCode', () => {
    expect(describeError({ msgCode: 'auth.wrong_credentials', statusText: 'Unauthorized' }, translateGerman)).toBe(
      'Falsche Email und/oder falsches Passwort',
    );
  });

  test('the msgCode is looked up under the msg. prefix', () => {
    const translate = vi.fn((key: string) =>
      key === 'msg.auth.password_mismatch' ? 'Passwort Wiederholung falsch' : undefined,
    );
    expect(describeError({ msgCode: 'auth.password_mismatch' }, translate)).toBe('Passwort Wiederholung falsch');
    expect(translate).toHaveBeenCalledWith('msg.auth.password_mismatch');
  });

  test('without a translation for the msgCode the user reads the HTTP status text', () => {
    expect(describeError({ msgCode: 'common.rate_limited', statusText: 'Too Many Requests' }, translateGerman)).toBe(
      'Too Many Requests',
    );
  });

  test('an empty translation counts as missing and falls back to the HTTP status text', () => {
    expect(describeError({ msgCode: 'common.internal', statusText: 'Internal Server Error' }, () => '')).toBe(
      'Internal Server Error',
    );
  });

  test('without a msgCode the user reads the HTTP status text', () => {
    expect(describeError({ statusText: 'Service Unavailable' }, translateGerman)).toBe('Service Unavailable');
    expect(describeError({ msgCode: '', statusText: 'Service Unavailable' }, translateGerman)).toBe(
      'Service Unavailable',
    );
  });

  test('without msgCode translation and status text the user reads the translated no-message text', () => {
    expect(describeError({ msgCode: 'common.internal' }, translateGerman)).toBe('keine Meldung');
    expect(describeError({}, translateGerman)).toBe('keine Meldung');
  });

  test("when nothing at all is available the user reads 'no message'", () => {
    expect(describeError({}, translateNothing)).toBe('no message');
    expect(describeError({ msgCode: 'common.internal', statusText: '' }, translateNothing)).toBe('no message');
  });
});
