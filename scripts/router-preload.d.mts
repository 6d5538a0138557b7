/** See router-preload.mjs. */
export declare function patchRouterSource(source: string): { source: string; patched: number };
export declare function preloadRouter(fromDir?: string): number;
