/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

// dxf-viewer's loader (its worker wrapper), which the plan viewer teaches to take a ready scene.
declare module 'dxf-viewer/src/DxfWorker.js' {
  export const DxfWorker: unknown;
}

/** One part of a language file (text-parts-plugin.ts). */
declare module '*.json?texts=public' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?texts=app' {
  const texts: Record<string, unknown>;
  export default texts;
}
