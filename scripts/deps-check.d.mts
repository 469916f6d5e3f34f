export declare function breakingPart(version: string): string;
export declare function majorsBehind(outdated: unknown, workspaces: readonly string[]): string[][];
