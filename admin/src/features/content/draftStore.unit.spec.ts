import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDraft, readDraft, writeDraft } from "./draftStore";

// The store runs in the browser; here a Map stands in for localStorage.
class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const draft = { edits: { name: "Typed, not saved" }, savedAt: "2026-01-02T10:00:00.000Z", version: 4 };

describe("the browser's draft store keeps an editor's unsaved edits", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.assign(globalThis, { window: { localStorage: storage } });
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("a written draft is read back, for that editor and node only", () => {
    writeDraft("1", 6, draft);
    expect(readDraft("1", 6)).toEqual(draft);
    expect(readDraft("2", 6)).toBeNull();
    expect(readDraft("1", 7)).toBeNull();
  });

  it("a cleared draft is gone", () => {
    writeDraft("1", 6, draft);
    clearDraft("1", 6);
    expect(readDraft("1", 6)).toBeNull();
  });

  it("a damaged entry offers nothing instead of failing", () => {
    storage.setItem("shop-admin:node-draft:1:6", "{not json");
    expect(readDraft("1", 6)).toBeNull();
  });

  it("without storage (private mode, full quota) the editor still works", () => {
    Object.assign(globalThis, { window: {} });
    expect(() => writeDraft("1", 6, draft)).not.toThrow();
    expect(readDraft("1", 6)).toBeNull();
  });
});
