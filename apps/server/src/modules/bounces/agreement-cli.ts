/**
 * How far the classifier agrees with a table of returned mails labelled by hand (a blind round):
 * `tsx apps/server/src/modules/bounces/agreement-cli.ts apps/server/src/modules/bounces/blind-round-2026-11.tsv`.
 * The table is tab-separated (file, system, kind, status, note; `#` starts a comment); the files lie in
 * fixtures/. Prints every disagreement and the figures: classes right, statuses right (of the bounces),
 * both right, out of N.
 */
import { readFileSync } from 'node:fs';
import { parseBounce } from './classify.ts';
import { returnedMail, type ReturnedMailVars } from './fixtures.ts';
import { reportFor } from './service.ts';

const vars: ReturnedMailVars = {
  token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  email: 'anna.beispiel@bueroplan.example.com',
  messageId: '<delivery-d1.p1@plankurier.test>',
};

const table = process.argv[2];
if (!table) throw new Error('usage: agreement-cli.ts <table.tsv>');
const rows = readFileSync(table, 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [file, system, kind, status] = line.split('\t');
    return { file: file!, system: system!, kind: kind!, status: status || null };
  });

let classRight = 0;
let statusRight = 0;
let bothRight = 0;
let bounces = 0;
for (const row of rows) {
  const raw = returnedMail(row.file, vars);
  const parsed = await parseBounce(raw);
  const report = reportFor(parsed.reports, vars.email);
  const kind = report?.kind ?? 'ignored';
  const status = report?.status ?? null;
  const classOk = kind === row.kind;
  const isBounce = row.kind !== 'ignored';
  const statusOk = !isBounce || status === row.status;
  if (isBounce) bounces++;
  if (classOk) classRight++;
  if (isBounce && statusOk) statusRight++;
  if (classOk && statusOk) bothRight++;
  const matched = parsed.tokens.includes(vars.token);
  const idOk = !raw.includes(vars.messageId) || parsed.originalMessageId === vars.messageId;
  if (!classOk || !statusOk || !matched || !idOk) {
    console.log(
      `${classOk && statusOk ? 'ok  ' : 'MISS'} ${row.file}: expected ${row.kind} ${row.status ?? ''}, got ${kind} ${status ?? ''}` +
        (matched ? '' : ' [token not found]') +
        (idOk ? '' : ` [original Message-ID ${parsed.originalMessageId}]`) +
        (report?.diagnostic ? `\n       diagnostic: ${report.diagnostic.slice(0, 160)}` : ''),
    );
  }
}
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
console.log(`\n${rows.length} mails (${bounces} bounces, ${rows.length - bounces} no bounce)`);
console.log(`classes right:            ${classRight}/${rows.length} = ${pct(classRight, rows.length)}`);
console.log(`statuses right (bounces): ${statusRight}/${bounces} = ${pct(statusRight, bounces)}`);
console.log(`class and status right:   ${bothRight}/${rows.length} = ${pct(bothRight, rows.length)}`);
