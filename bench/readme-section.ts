import fs from 'node:fs';
import path from 'node:path';

/** Replaces (or appends) the section `## <name>` of bench/README.md, leaving the others as they are. */
export function writeReadmeSection(name: string, body: string): void {
  const file = path.join(import.meta.dirname, 'README.md');
  const heading = `## ${name}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const start = current.indexOf(heading);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const end = current.indexOf('\n## ', start + 1);
    next = current.slice(0, start) + section + (end === -1 ? '' : `\n${current.slice(end + 1)}`);
  }
  fs.writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
