/**
 * Files of a few kilobytes that take minutes and gigabytes to draw (issue 36): each level draws
 * the level below `fanOut` times, so the last level stands for fanOut^depth copies of one line.
 */

/** A PDF whose one page draws a form XObject that draws the one below it `fanOut` times, `depth` levels deep. */
export function nestedFormsPdf(depth = 12, fanOut = 8): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const stream = (dict: string, content: string) =>
    `<< ${dict} /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  // 1 catalog, 2 pages, 3 page, 4 page content, 5 … 5+depth the forms (5: the line).
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const top = 5 + depth;
  add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X ${top} 0 R >> >> /Contents 4 0 R >>`,
  );
  add(stream('', '/X Do'));
  const form = '/Type /XObject /Subtype /Form /BBox [0 0 595 842]';
  add(stream(form, '0 0 m 595 842 l 0 842 m 595 0 l S'));
  for (let level = 1; level <= depth; level++) {
    const draws = Array.from({ length: fanOut }, (_, i) => `q 0.9 0 0 0.9 ${i * 3} ${i * 2} cm /X Do Q`).join('\n');
    add(stream(`${form} /Resources << /XObject << /X ${4 + level} 0 R >> >>`, draws));
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A DXF (R12) whose one INSERT places a block that places the block below it `fanOut` times, `depth` levels deep. */
export function nestedBlocksDxf(depth = 10, fanOut = 8): Buffer {
  const pairs: [number, string | number][] = [];
  const put = (...items: [number, string | number][]) => pairs.push(...items);
  put([0, 'SECTION'], [2, 'HEADER'], [9, '$ACADVER'], [1, 'AC1009']);
  put([9, '$EXTMIN'], [10, 0], [20, 0], [30, 0], [9, '$EXTMAX'], [10, 100], [20, 100], [30, 0]);
  put([0, 'ENDSEC'], [0, 'SECTION'], [2, 'BLOCKS']);
  const block = (name: string) => put([0, 'BLOCK'], [8, '0'], [2, name], [70, 0], [10, 0], [20, 0], [30, 0], [3, name]);
  block('B0');
  put([0, 'LINE'], [8, '0'], [10, 0], [20, 0], [30, 0], [11, 100], [21, 100], [31, 0]);
  put([0, 'ENDBLK'], [8, '0']);
  for (let level = 1; level <= depth; level++) {
    block(`B${level}`);
    for (let i = 0; i < fanOut; i++)
      put([0, 'INSERT'], [8, '0'], [2, `B${level - 1}`], [10, i], [20, i], [30, 0], [41, 0.9], [42, 0.9]);
    put([0, 'ENDBLK'], [8, '0']);
  }
  put([0, 'ENDSEC'], [0, 'SECTION'], [2, 'ENTITIES']);
  put([0, 'INSERT'], [8, '0'], [2, `B${depth}`], [10, 0], [20, 0], [30, 0]);
  put([0, 'ENDSEC'], [0, 'EOF']);
  return Buffer.from(pairs.map(([code, value]) => `${String(code).padStart(3)}\r\n${value}\r\n`).join(''), 'latin1');
}
