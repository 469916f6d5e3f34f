export declare const TEST_TOOLS: readonly { command: string; args: string[]; debian: string }[];
export declare function missingTestTools(): string | undefined;
