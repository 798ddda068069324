export declare const WORKSPACES: string[];
/** The circles of one workspace, each a list of files relative to its src/. */
export declare function importCircles(workspace: string): Promise<string[][]>;
