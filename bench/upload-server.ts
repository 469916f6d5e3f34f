// The real Plankurier server for `npm run bench:upload`, in its own process so its RSS is its own:
// embedded PostgreSQL and storage under BENCH_DIR, mail to a local SMTP sink. Prepares an office with a project,
// doc and a version in preparation (rows written directly, as the upload tests do), then prints one
// JSON line.
import { createVersionRow } from '../apps/server/test/upload-fixtures.ts';
import { reportReady, signUpBenchOffice, startBenchServer } from './bench-server.ts';

const server = await startBenchServer({ workers: false });
const office = await signUpBenchOffice(server);
const { versionId } = await createVersionRow(server.deps.db, office.id);

reportReady(server, { token: office.token, versionId });
