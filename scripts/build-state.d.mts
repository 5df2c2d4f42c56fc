export declare const BUILD_OUTPUTS: string[];
export declare function buildIsStale(root: string): boolean;
