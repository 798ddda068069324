// What the pages need of the analytics port without zod (web's initial bundle has a 150 kB budget).

export const ANALYTICS_PATH = "/api/analytics/";
