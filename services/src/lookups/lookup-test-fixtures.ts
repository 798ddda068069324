import {
  contentNodeStream,
  menuNodeStream,
  ProductFields,
  productStream,
  skuStream,
  type AppendResult,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import { seedLookupDemoData } from "./lookup-demo-data.ts";

const NODES = [
  { id: 1, name: "Home", slug: "home", parentId: null, url: "/" },
  { id: 2, name: "About Us", slug: "about-us", parentId: 1, url: "/about/" },
  { id: 3, name: "About the Ark", slug: "about-the-ark", parentId: 1, url: "/ark/" },
  { id: 4, name: "Donate", slug: "donate", parentId: 1, url: "/donate/" },
];

/** What the picker tests search: a small content tree, three menu nodes, the demo catalogue and twelve study books. */
export async function seedPickerRecords(store: EventStore): Promise<LogPosition> {
  const at = "2026-01-01T00:00:00.000Z";
  for (const n of NODES)
    await store.append(contentNodeStream(n.id), [{ type: "ContentNodeCreated", data: { ...n, createdAt: at } }], {
      expectedVersion: "no-stream",
    });
  await store.append(menuNodeStream(1), [
    {
      type: "MenuNodeCreated",
      data: { id: 1, name: "Main menu", slug: "main-menu", parentId: null, url: "/", createdAt: at },
    },
  ]);
  await store.append(menuNodeStream(2), [
    {
      type: "MenuNodeCreated",
      data: { id: 2, name: "Visit", slug: "visit", parentId: 1, url: "/visit/", createdAt: at },
    },
  ]);
  await store.append(menuNodeStream(3), [
    {
      type: "MenuNodeCreated",
      data: { id: 3, name: "Visit the Ark", slug: "visit-the-ark", parentId: 1, url: "/visit/ark/", createdAt: at },
    },
  ]);
  await seedLookupDemoData(store, {});
  // Twelve books to page through (the demo has four SKUs already, ids 1-4).
  let last: AppendResult;
  for (let i = 1; i <= 12; i++) {
    const id = 100 + i;
    last = await store.append(skuStream(id), [
      {
        type: "SkuAdded",
        data: {
          id,
          sku: `10-2-${String(i).padStart(3, "0")}`,
          name: `Study Book ${String(i).padStart(2, "0")}`,
          priceCents: 500 + i,
          active: i % 2 === 1,
        },
      },
    ]);
  }
  // A catalog product, so the product lookup has a record.
  last = await store.append(productStream(1), [
    {
      type: "ProductCreated",
      data: {
        ...ProductFields.parse({ title: "The New Answers Book 1", slug: "new-answers-1" }),
        id: 1,
        createdAt: at,
      },
    },
  ]);
  return last.position;
}
