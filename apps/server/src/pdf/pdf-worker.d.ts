// pdf.js's worker module has no types; importing it only sets globalThis.pdfjsWorker.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
