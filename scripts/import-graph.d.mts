/** Types of import-graph.mjs, for the API's boundary test. */
export declare const root: string;
export declare function importGraph(dirs: string[]): Map<string, Set<string>>;
export declare function circles(graph: Map<string, Set<string>>): string[][];
export declare function loopOf(graph: Map<string, Set<string>>, comp: string[]): string[];
export declare function rel(file: string): string;
export declare function workspaces(): { name: string; dir: string; exports: Map<string, string> }[];
export declare function sourceDirs(): string[];
