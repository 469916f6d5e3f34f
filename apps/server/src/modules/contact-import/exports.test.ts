import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ImportDetails, ImportProblem } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { signUpOffice } from '../../../test/api.ts';
import { contactsOf, importContactFile } from '../../../test/contact-import.ts';

/**
 * Real-world exports (fixtures/README.md says where each comes from), each imported into a new
 * office through the upload, the job and the database: the contacts they hold, the lines they
 * reject with the line the contact starts on and its name, and what the report says was found.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Person = [firstName: string, lastName: string, email: string, company: string, phone?: string];
interface Export {
  file: string;
  contacts: Person[];
  problems: Omit<ImportProblem, 'value'>[];
  details: Partial<ImportDetails>;
}

const EXPORTS: Export[] = [
  {
    file: 'outlook-de.csv',
    contacts: [
      ['Jürgen', 'Weiß', 'juergen.weiss@groessl-bau.de', 'Bauunternehmung Größl GmbH', '+49 821 123456'],
      ['Änne', 'Özdemir', 'aenne@oezdemir-ing.de', 'Ingenieurbüro Özdemir'],
      ['Lukas', 'Brandstätter', 'l.brandstaetter@holzbau-alpen.at', 'Holzbau Alpen GmbH', '+43 512 334455'],
      ['Marta', 'Nowak', 'marta.nowak@statik-nowak.de', 'Statik Nowak'],
      ['Sören', 'Kühn', 'info@kühn-haustechnik.de', 'Kühn & Söhne Haustechnik'],
      ['Claudia', 'Römer', 'claudia.roemer@architektur-roemer.de', 'Architektur Römer'],
      ['Friederike', 'Maaß', 'f.maass@tragwerk-maass.de', 'Tragwerk Maaß'],
    ],
    problems: [
      { line: 9, reason: 'email_missing', name: 'Stadtwerke Augsburg' },
      { line: 11, reason: 'email_exchange', name: 'Bernd Exner' },
    ],
    details: { format: 'csv', encoding: 'windows-1252', delimiter: ',', headerLine: 1, otherEncoding: null },
  },
  {
    file: 'outlook-en.csv',
    contacts: [
      [
        'Oliver',
        'Grant',
        'oliver.grant@grant-partners.co.uk',
        'Grant & Partners Structural Engineers',
        '+44 20 7946 0123',
      ],
      ['Siobhán', "O'Connor", 'siobhan.oconnor@oconnor-design.ie', "O'Connor Design"],
      ['Zoë', 'Brooks', 'zoe@brooks-surveying.com', 'Brooks Surveying Ltd', '+44 7700 900123'],
    ],
    problems: [{ line: 6, reason: 'email_missing', name: 'Noah Fischer' }],
    details: { encoding: 'windows-1252', delimiter: ',', headerLine: 1 },
  },
  {
    file: 'outlook-fr.csv',
    contacts: [
      ['Élodie', 'Lefèvre', 'elodie.lefevre@batiments-lefevre.fr', 'Bâtiments Lefèvre SARL', '+33 1 42 68 53 00'],
      ['François', 'Garçon', 'f.garcon@garcon-archi.fr', 'Garçon Architecture'],
    ],
    problems: [{ line: 4, reason: 'email_invalid', name: 'Hélène Dupré' }],
    details: { encoding: 'windows-1252', headerLine: 1 },
  },
  {
    file: 'google-de.csv',
    contacts: [
      ['Hannah', 'Schäfer', 'hannah.schaefer@planwerk-schaefer.de', 'Planwerk Schäfer', '+49 89 2345678'],
      ['Mehmet', 'Yılmaz', 'mehmet@yilmaz-elektro.de', 'Yılmaz Elektrotechnik'],
      ['', '', 'bauamt@pfaffenhofen.de', 'Bauamt Pfaffenhofen', '08441 78-0'],
    ],
    problems: [{ line: 5, reason: 'email_missing', name: 'Tobias Krüger' }],
    details: { encoding: 'utf-8', delimiter: ',', headerLine: 1 },
  },
  {
    file: 'google-en-legacy.csv',
    contacts: [
      ['Gisela', 'Förster', 'gisela.foerster@foerster-vermessung.de', 'Förster Vermessung', '+49 8131 55667'],
      ['Ralf', 'Böhm', 'ralf.boehm@boehm-dach.de', 'Böhm Bedachungen'],
      ['Paul', 'Lang', 'kontakt@schreinerei-lang.de', 'Schreinerei Lang'],
    ],
    problems: [],
    details: { encoding: 'utf-8', headerLine: 1 },
  },
  {
    file: 'thunderbird-de.csv',
    contacts: [
      ['Jörg', 'Müller', 'joerg.mueller@mueller-statik.de', 'Müller Statik', '0821 4455'],
      ['Sabine', 'Wendt', 's.wendt@wendt-landschaft.de', 'Wendt Landschaftsarchitektur', '0160 1234567'],
    ],
    problems: [{ line: 4, reason: 'email_invalid', name: 'Katrin Hoß' }],
    details: { encoding: 'utf-8', headerLine: 1 },
  },
  {
    file: 'thunderbird-en.csv',
    contacts: [
      ['Emma', 'Whitfield', 'emma.whitfield@whitfield-arch.co.uk', 'Whitfield Architects', '+44 20 7946 0000'],
      ['Ludwig', 'van der Berg', 'ludwig@vanderberg-bouw.nl', 'Van der Berg Bouw'],
    ],
    problems: [],
    details: { headerLine: 1 },
  },
  {
    file: 'linkedin.csv',
    contacts: [
      ['Katharina', 'Zöllner', 'k.zoellner@zoellner-ingenieure.de', 'Zöllner Ingenieure'],
      ['Lea', 'Schuster', 'lea.schuster@schuster-tga.de', 'Schuster TGA, Haustechnik'],
    ],
    problems: [{ line: 6, reason: 'email_missing', name: 'Maximilian Eder' }],
    details: { encoding: 'utf-8', delimiter: ',', headerLine: 4 },
  },
  {
    file: 'apple.vcf',
    contacts: [
      [
        'Ingrid',
        'Schröder',
        'ingrid.schroeder@schroeder-architekten.de',
        'Schröder Architekten PartGmbB',
        '+49 30 1234567',
      ],
      ['Nils', 'Ødegaard', 'nils.odegaard@nordplan.no', 'Nordplan AS'],
    ],
    problems: [{ line: 81, reason: 'email_missing', name: 'Hausverwaltung Kern GmbH' }],
    details: { format: 'vcard', encoding: 'utf-8', delimiter: null, headerLine: null },
  },
  {
    file: 'outlook-2.1.vcf',
    contacts: [
      ['Jürgen', 'Weiß', 'juergen.weiss@groessl-bau.de', 'Bauunternehmung Größl GmbH', '+49 821 123456'],
      ['Jörg', 'Müller', 'joerg.mueller@mueller-statik.de', 'Müller Statik & Tragwerksplanung'],
    ],
    problems: [{ line: 27, reason: 'email_exchange', name: 'Bernd Exner' }],
    details: { format: 'vcard', encoding: 'windows-1252' },
  },
  {
    file: 'nextcloud-4.0.vcf',
    contacts: [
      ['Theresa', 'Bauer', 't.bauer@bauer-klein.de', 'Bauer, Klein & Partner', '+49-711-555-0101'],
      ['Friedrich', 'Vogel', 'f.vogel@vogel-gutachten.de', ''],
    ],
    problems: [],
    details: { format: 'vcard' },
  },
  {
    file: 'excel-semikolon.csv',
    contacts: [
      ['Jürgen', 'Weiß', 'juergen@weiss.de', 'Bauunternehmung Größl', '0821 123456'],
      ['Anna', 'Bäcker', 'anna.baecker@statik-baecker.de', 'Statik Bäcker GmbH'],
      ['Lena', 'Müller', 'lena@mueller-haustechnik.de', 'Müller; Haustechnik & Söhne', '089 98765'],
    ],
    problems: [
      { line: 4, reason: 'email_invalid', name: 'Max Kaputt' },
      { line: 7, reason: 'duplicate_in_file', name: 'Jürgen Weiß' },
    ],
    details: { encoding: 'windows-1252', delimiter: ';', headerLine: 1 },
  },
  {
    file: 'excel-utf8.csv',
    contacts: [
      ['Antonín', 'Dvořák', 'a.dvorak@dvorak-projekt.cz', 'Dvořák Projekt s.r.o.'],
      ['Thu', 'Nguyễn', 'thu.nguyen@nguyen-design.de', 'Nguyễn Design'],
      ['Zofia', 'Łukasiewicz', 'z.lukasiewicz@lukasiewicz-bau.pl', 'Łukasiewicz Bau'],
    ],
    problems: [],
    details: { encoding: 'utf-8', delimiter: ';' },
  },
  {
    file: 'excel-unicode-text.txt',
    contacts: [
      ['Günther', 'Stöß', 'g.stoess@stoess-tiefbau.de', 'Müller, Söhne & Co', '0911 4711'],
      ['Ilse', 'Ärmel', 'ilse.aermel@aermel.de', 'Ingenieurbüro "Nord"'],
      ['Piotr', 'Wiśniewski', 'p.wisniewski@example.pl', '', '+48 22 123 45 67'],
    ],
    problems: [],
    details: { encoding: 'utf-16le', delimiter: '\t', headerLine: 1 },
  },
  {
    file: 'mac-excel.csv',
    contacts: [
      ['Jürgen', 'Weiß', 'j.weiss@weiss-planung.de', 'Weiß Planung'],
      ['Änne', 'Öztürk', 'aenne.oeztuerk@oeztuerk-bau.de', 'Öztürk Bau'],
      ['Björn', 'Großmann', 'b.grossmann@grossmann-gala.de', 'Großmann Garten- und Landschaftsbau'],
      ['Zoë', 'Lefèvre', 'zoe.lefevre@example.fr', 'Lefèvre Études'],
    ],
    problems: [],
    details: { encoding: 'macintosh', delimiter: ';', headerLine: 1 },
  },
  {
    file: 'mixed-encodings.csv',
    contacts: [
      ['Änne', 'Özdemir', 'aenne@oezdemir-ing.de', 'Ingenieurbüro Özdemir'],
      ['Sören', 'Kühn', 'soeren@kuehn-haustechnik.de', 'Kühn Haustechnik'],
      ['Claudia', 'Römer', 'claudia@architektur-roemer.de', 'Architektur Römer'],
      ['Lukas', 'Brandstätter', 'lukas@holzbau-alpen.at', 'Holzbau Alpen'],
      ['Gisela', 'Förster', 'gisela@foerster-vermessung.de', 'Förster Vermessung'],
      ['Jürgen', 'Weiß', 'juergen@weiss-bau.de', 'Weiß Bau'],
      ['Hannah', 'Schäfer', 'hannah@planwerk-schaefer.de', 'Planwerk Schäfer'],
      ['Björn', 'Größl', 'bjoern@groessl-bau.de', 'Größl Bau'],
    ],
    problems: [],
    details: { encoding: 'utf-8', otherEncoding: { encoding: 'windows-1252', lines: [7, 9], count: 2 } },
  },
  {
    file: 'liste.txt',
    contacts: [
      ['Anna', 'Berg', 'anna.berg@berg-architekten.de', ''],
      ['Jonas', 'Keller', 'j.keller@statik-keller.de', ''],
      ['Hans Peter', 'Vogt', 'hp.vogt@vogt-bau.de', ''],
      ['Ursula', 'von der Heide', 'u.vonderheide@heide-planung.de', ''],
      ['Jörg', 'Müller', 'joerg@mueller-statik.de', ''],
      ['Ömer', 'Çelik', 'oemer.celik@celik-elektro.de', '', '0176 5554433'],
    ],
    problems: [{ line: 6, reason: 'email_invalid', name: 'Lisa Kaputt' }],
    details: { format: 'text', encoding: 'utf-8', delimiter: null, headerLine: null },
  },
];

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const byEmail = (a: Person, b: Person) => a[2].localeCompare(b[2]);

describe('exports of address books come in as their contacts', () => {
  test.each(EXPORTS)('$file', async ({ file, contacts, problems, details }) => {
    const { token } = await signUpOffice(server.app, server.smtp);
    const info = await importContactFile(server, token, file, fs.readFileSync(path.join(FIXTURES, file)));

    expect(info.status).toBe('FINISHED');
    const stored = (await contactsOf(server, token)).map((c): Person => [
      c.firstName,
      c.lastName,
      c.email,
      c.company,
      c.phone,
    ]);
    expect(stored.sort(byEmail)).toEqual(
      contacts.map((c): Person => [c[0], c[1], c[2], c[3], c[4] ?? '']).sort(byEmail),
    );
    expect(info.invalid.map(({ line, reason, name }) => ({ line, reason, name }))).toEqual(problems);
    expect(info).toMatchObject({
      imported: contacts.length,
      totalLines: contacts.length + problems.length,
      rejected: problems.filter((p) => !p.reason.startsWith('duplicate')).length,
    });
    expect(info.details).toMatchObject(details);
  });
});
