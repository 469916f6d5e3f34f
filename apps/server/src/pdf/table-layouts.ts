import type { CustomTableLayout } from 'pdfmake/interfaces';

/**
 * Table layouts are functions, and functions cannot be posted to the render thread: documents
 * name a layout (`layout: TABLE_LAYOUT.list`) and the render thread registers these by name.
 */
export const TABLE_LAYOUT = { list: 'plankurierList' } as const;

const LINE = '#d1d5db';
const MUTED = '#6b7280';
const HEADER_FILL = '#eef2f7';

/** Thin horizontal rules, a tinted header row, no vertical lines: a calm, readable table. */
const listTableLayout: CustomTableLayout = {
  hLineWidth: (i, node) =>
    i === 0 || i === node.table.body.length ? 0.6 : i === (node.table.headerRows ?? 0) ? 0.8 : 0.3,
  vLineWidth: () => 0,
  hLineColor: (i, node) => (i === (node.table.headerRows ?? 0) ? MUTED : LINE),
  fillColor: (rowIndex, node) => (rowIndex < (node.table.headerRows ?? 0) ? HEADER_FILL : null),
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

export const TABLE_LAYOUTS: Record<string, CustomTableLayout> = { [TABLE_LAYOUT.list]: listTableLayout };
