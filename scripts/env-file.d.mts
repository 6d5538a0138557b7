/** See env-file.mjs. */
export declare function loadEnvFile(file?: string, env?: NodeJS.ProcessEnv): string[];
