import { describe, expect, it } from "vitest";
import type { ContentNodeEvent, RecordLock } from "@shop/shared";
import { nodeDecider } from "./content-node.ts";
import { created, edna, otto, refusal, save, saved, spec } from "./node-spec-fixtures.ts";

const lockOf = (user: { id: string; name: string }): RecordLock => ({
  user,
  reason: 2,
  comment: "Rewriting the intro",
  autoCreated: false,
});

describe("a save while the record is locked", () => {
  it("given Otto holds the node's lock, when Edna saves, then it is refused with 'Object is already locked!' and Otto's lock, and nothing is recorded", () => {
    expect(refusal([created], save({ name: "Mine now" }, { lock: lockOf(otto), ignoreWarnings: true }))).toMatchObject({
      code: "ALREADY_LOCKED",
      message: "Object is already locked!",
      lock: { user: { id: "u2", name: "Otto Other" }, reason: 2, comment: "Rewriting the intro", autoCreated: false },
    });
  });
  it("given Otto holds the lock, when Edna's save changes nothing, then it is still refused (the lock is checked first)", () => {
    expect(refusal([created], save({}, { lock: lockOf(otto) }))).toMatchObject({ code: "ALREADY_LOCKED" });
  });
  it("given Edna holds the node's lock, when Edna saves, then it is saved", () => {
    spec
      .given([created])
      .when(save({ name: "About us" }, { lock: lockOf(edna) }))
      .then([saved({ name: "About us" })]);
  });
  it("given nobody holds the lock, when Edna saves, then it is saved", () => {
    spec
      .given([created])
      .when(save({ name: "About us" }, { lock: null }))
      .then([saved({ name: "About us" })]);
  });
});

describe("page fields (back-office §3: foreign keys, many-to-many, image slug, integer, float)", () => {
  it("given a node created before the page fields existed, when folded, then it has their defaults", () => {
    const old = {
      type: "ContentNodeCreated",
      data: {
        id: 7,
        name: "Old",
        slug: "old",
        parentId: null,
        url: "/old/",
        shortDescription: "",
        body: "",
        nodeTypeId: null,
        published: null,
        lastPublished: null,
        createdAt: "2020-01-01T00:00:00.000Z",
        by: null,
      },
    } as ContentNodeEvent;
    const state = [old].reduce(nodeDecider.evolve, nodeDecider.initialState());
    expect(state).toMatchObject({
      exists: true,
      fields: { skuId: null, languageNodeId: null, menuNodeIds: [], image: "", sortOrder: 0, sitemapPriority: 0.5 },
    });
  });
  it("given a node, when the sku, language node, image, sort order and priority are saved, then exactly those changes are recorded", () => {
    const changes = { skuId: 2, languageNodeId: 3, image: "ark-at-dusk", sortOrder: 20, sitemapPriority: 0.8 };
    spec
      .given([created])
      .when(save(changes))
      .then([saved(changes)]);
  });
  it("given a node listed in menu nodes 1 and 2, when saved with 2 and 1, then nothing is recorded (a set, not a sequence)", () => {
    const listed = saved({ menuNodeIds: [1, 2] });
    spec
      .given([created, listed])
      .when(save({ menuNodeIds: [2, 1] }))
      .then([]);
  });
  it("given a node listed in menu nodes 1 and 2, when saved with 1 and 3, then the new list is recorded", () => {
    const listed = saved({ menuNodeIds: [1, 2] });
    spec
      .given([created, listed])
      .when(save({ menuNodeIds: [1, 3] }))
      .then([saved({ menuNodeIds: [1, 3] }, 2)]);
  });
  it("given a node with defaults, when saved with the default values, then nothing is recorded", () => {
    spec
      .given([created])
      .when(save({ skuId: null, menuNodeIds: [], image: "", sortOrder: 0, sitemapPriority: 0.5 }))
      .then([]);
  });
  it("given a node with a sku, when the sku is cleared, then null is recorded and the node has no sku", () => {
    const withSku = saved({ skuId: 2 });
    spec
      .given([created, withSku])
      .when(save({ skuId: null }))
      .then([saved({ skuId: null }, 2)]);
    const state = [created, withSku, saved({ skuId: null }, 2)].reduce(nodeDecider.evolve, nodeDecider.initialState());
    expect(state).toMatchObject({ fields: { skuId: null } });
  });
});
