/** See env-file.mjs. */
export declare function loadEnvFile(
  file?: string,
  env?: Record<string, string | undefined>,
): string[];
