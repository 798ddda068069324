import { expect, type Page } from "@playwright/test";

/** A content node as GET /admin/api/content/contentnode/{id}/ answers it. */
export type ApiNode = { id: number; name: string; url: string; body: string; status: string; version: number };

let made = 0;
/** A url no other test uses, so each test gets its own page and lock. */
export const freshUrl = (what: string) => `/e2e/${what}-${Date.now().toString(36)}-${++made}/`;

async function csrf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value;
  expect(token, "log in first: the CSRF cookie is missing").toBeTruthy();
  return token!;
}

/** Creates a Beta page under Home through the API, as the page's signed-in user (other node fields may be given too). */
export async function createNode(
  page: Page,
  fields: { name: string; url: string; body?: string; slug?: string } & Record<string, unknown>,
): Promise<ApiNode> {
  const res = await page.request.post("/admin/api/content/contentnode/", {
    data: { parent: 1, body: "<p>Body</p>", ...fields, ignore_warnings: true },
    headers: { "X-CSRFToken": await csrf(page) },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

export async function readNode(page: Page, id: number): Promise<ApiNode> {
  const res = await page.request.get(`/admin/api/content/contentnode/${id}/`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** Saves fields of a node through the API at its current version (the signed-in user must hold, or need no, lock). */
export async function saveNode(page: Page, id: number, changes: Record<string, unknown>): Promise<ApiNode> {
  const { version } = await readNode(page, id);
  const res = await page.request.put(`/admin/api/content/contentnode/${id}/`, {
    data: { ...changes, expected_version: version, ignore_warnings: true },
    headers: { "X-CSRFToken": await csrf(page) },
  });
  expect(res.status()).toBe(200);
  return res.json();
}
