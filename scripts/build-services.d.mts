// Types of build-services.mjs for the TypeScript tests that call it.
export declare const SERVICE_BUNDLES: { main: string; ops: string };
export declare function servicesAreStale(): boolean;
export declare function buildServices(options?: { force?: boolean }): Promise<boolean>;
