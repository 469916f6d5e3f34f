// dxf-viewer's parser and scene builder run on the server too (plan previews); the package
// declares types for its browser entry only.
declare module 'dxf-viewer/src/parser/DxfParser.js' {
  export default class DxfParser {
    parseSync(source: string): { entities?: unknown[]; [key: string]: unknown };
  }
}
declare module 'dxf-viewer/src/DxfScene.js' {
  export class DxfScene {
    constructor(options: object);
    Build(dxf: object, fontFetchers: (() => Promise<unknown>)[]): Promise<void>;
    scene: import('@plankurier/shared').DrawingScene;
  }
}
declare module 'opentype.js' {
  const opentype: { parse(buffer: ArrayBuffer): unknown };
  export default opentype;
}
