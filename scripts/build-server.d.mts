// Types of build-server.mjs for the TypeScript that imports it (the tests' global set-up and tests).
export declare const serverDistDir: string;
export declare const serverEntryPoints: Readonly<Record<'main' | 'api' | 'workers', string>>;
export declare function bundleNodeArgs(name: keyof typeof serverEntryPoints): string[];
export declare function renamedClasses(code: string): string[];
export declare function buildServer(): Promise<void>;
export declare function unresolvedImports(): string[];
export declare function isServerBuildCurrent(): boolean;
export declare const benchmarkDistDir: string;
export declare function bundleBenchmark(source: string): Promise<string>;
