import type { Kysely } from "kysely";
import type { EventMetadata, EventStore } from "@shop/shared";
import type { CatalogImportFile } from "@shop/shared/catalog/import-file";
import type { Database } from "@shop/projections";
import { FREE_DOWNLOAD_FORMAT } from "@shop/shared/category-pages/free-downloads";
import { importCatalog, parseCatalogFile } from "./catalog-import.ts";

// The demo's catalog (41 products, the memberships among them, and 23 SKUs of their own: donations, the magazine's free videos,
// alphabet-order supplies): every category of back-office §3 and every case of the
// storefront spec: formats, option combinations, sold out, backordered with a future restock date,
// no returns, bulk tiers, a pack of 6 items, digital downloads and every donation SKU. Ids are fixed
// (products 1–60, SKUs from 101; the lookups' demo SKUs keep 1–4).

type Product = NonNullable<CatalogImportFile["products"]>[number];
type Sku = NonNullable<Product["skus"]>[number];

const p = (s: string) => `<p>${s}</p>`;
const sku = (id: number, code: string, format: string, priceCents: number, extra: Partial<Sku> = {}): Sku => ({
  id,
  sku: code,
  format,
  price_cents: priceCents,
  ...extra,
});
const product = (id: number, title: string, extra: Partial<Product>, skus: Sku[]): Product => ({
  id,
  title,
  description: p(`${title}: ${extra.subtitle ?? "from our store"}.`),
  ...extra,
  skus,
});
const bulk = (cents: number): Partial<Sku> => ({
  price_tiers: [
    { min_quantity: 10, price_cents: Math.round(cents * 0.8) },
    { min_quantity: 50, price_cents: Math.round(cents * 0.6) },
  ],
});

const SIZES = [
  { label: "Small", value: "s" },
  { label: "Medium", value: "m" },
  { label: "Large", value: "l" },
];
const COLOURS = [
  { label: "Navy", value: "navy" },
  { label: "Sand", value: "sand" },
];

/** The demo catalog as an import file; `today` (yyyy-mm-dd) sets the backordered items' future restock date. */
export function demoCatalog(today: string): CatalogImportFile {
  const restock = new Date(`${today}T00:00:00Z`);
  restock.setUTCDate(restock.getUTCDate() + 45);
  const restockDate = restock.toISOString().slice(0, 10);
  const ham = { author: "Ken Ham" };
  const answers = { ...ham, series: "The New Answers" };
  const products: Product[] = [
    product(
      1,
      "The New Answers Book 2",
      { ...answers, subtitle: "Over 30 questions on creation", release_date: "2008-05-01" },
      [
        sku(101, "10-1-201", "Paperback", 1499, {
          original_price_cents: 1799,
          isbn: "9780890515372",
          upc: "713438102011",
          stock: 40,
          ...bulk(1499),
        }),
        sku(102, "10-1-202", "Hardcover", 2499, { isbn: "9780890515389", stock: 12 }),
        sku(103, "90-3-201", "eBook", 999, { digital: true }),
        sku(104, "20-1-201", "Audio CD", 1999, { stock: 0, backorder: true, restock_date: restockDate }),
      ],
    ),
    product(2, "The New Answers Book 3", { ...answers, subtitle: "Over 35 questions", release_date: "2010-02-01" }, [
      sku(105, "10-1-301", "Paperback", 1499, { isbn: "9780890515792", stock: 25, ...bulk(1499) }),
      sku(106, "90-3-301", "eBook", 999, { digital: true }),
    ]),
    product(3, "The New Answers Book 4", { ...answers, subtitle: "Over 25 questions", release_date: "2013-03-01" }, [
      sku(107, "10-1-401", "Paperback", 1499, { stock: 0, backorder: false }),
      sku(108, "90-4-401", "PDF", 799, { digital: true }),
    ]),
    product(
      4,
      "Dinosaurs of Eden",
      { ...ham, subtitle: "Tracing the mystery through the ages", release_date: "2001-03-01" },
      [
        sku(109, "10-2-101", "Hardcover", 1899, {
          isbn: "9780890513309",
          stock: 0,
          backorder: true,
          restock_date: restockDate,
        }),
      ],
    ),
    product(5, "Already Gone", { ...ham, subtitle: "Why your kids will quit church", release_date: "2009-04-01" }, [
      sku(110, "10-3-101", "Paperback", 1399, { stock: 18 }),
      sku(111, "90-6-101", "MP3 Audiobook", 1299, { digital: true }),
    ]),
    product(
      6,
      "Six Days",
      { ...ham, subtitle: "The age of the earth and the decline of the church", release_date: "2013-08-01" },
      [
        sku(112, "10-4-101", "Paperback", 1299, { stock: 9 }),
        sku(113, "10-4-102", "Hardcover", 1999, { stock: 0, backorder: false }),
      ],
    ),
    product(
      7,
      "Creation Museum Walk-Through",
      { subtitle: "A guided tour on DVD", author: "Answers in Genesis", series: "Museum Tours" },
      [
        sku(114, "30-1-301", "DVD", 1999, { stock: 30, allow_returns: false }),
        sku(115, "90-2-301", "Video Download", 1499, { digital: true, allow_returns: false }),
      ],
    ),
    product(
      8,
      "The Flood: Global Evidence",
      { subtitle: "Geology lecture on DVD", author: "Dr Andrew Snelling", series: "Museum Tours" },
      [sku(116, "30-1-302", "DVD", 1499, { stock: 14 })],
    ),
    product(9, "Genesis Audio Study", { subtitle: "Twelve lessons on CD", author: "Dr Terry Mortenson" }, [
      sku(117, "20-1-301", "Audio CD", 2499, { stock: 6 }),
      sku(118, "90-6-301", "MP3 Download", 1499, { digital: true }),
    ]),
    product(10, "Creation Answers Study Bible", { subtitle: "English Standard Version", release_date: "2015-11-01" }, [
      sku(119, "50-1-101", "Hardcover", 4999, { stock: 7, dimensions: "9 x 6 x 2 in" }),
      sku(120, "50-1-102", "Genuine Leather", 8999, { stock: 2, allow_returns: false, dimensions: "9 x 6 x 2 in" }),
    ]),
    product(11, "Answers Magazine Subscription", { subtitle: "Four issues a year" }, [
      sku(121, "95-1-101", "1 Year", 2400, {}),
      sku(122, "95-1-102", "2 Years", 4400, {}),
      sku(123, "95-1-103", "3 Years", 6000, {}),
    ]),
    product(12, "Answers Magazine: Spring Issue", { subtitle: "Single issue" }, [
      sku(124, "00-A-101", "Magazine", 795, { stock: 120, ...bulk(795) }),
    ]),
    product(13, "Is Genesis History? Tracts", { subtitle: "Pack of 50 witnessing tracts" }, [
      sku(125, "00-1-101", "Tract Pack", 500, {
        stock: 300,
        price_tiers: [
          { min_quantity: 5, price_cents: 400 },
          { min_quantity: 20, price_cents: 300 },
        ],
      }),
    ]),
    product(
      14,
      "VBS Director Kit",
      { subtitle: "Everything to run a week of Bible school", series: "Vacation Bible School" },
      [sku(126, "10-0-101", "Kit", 14999, { stock: 3, allow_returns: false })],
    ),
    product(15, "VBS Student Guides", { subtitle: "Ages 6–10", series: "Vacation Bible School" }, [
      sku(127, "10-6-101", "Paperback", 499, {
        stock: 500,
        price_tiers: [
          { min_quantity: 10, price_cents: 399 },
          { min_quantity: 25, price_cents: 349 },
          { min_quantity: 100, price_cents: 299 },
        ],
      }),
    ]),
    product(16, "A Is for Adam", { ...ham, subtitle: "The gospel from Genesis", series: "Alphabet Order" }, [
      sku(128, "15-1-101", "Hardcover", 1699, { stock: 11 }),
    ]),
    product(17, "Alphabet Flash Cards", { subtitle: "Classroom set", series: "Alphabet Order" }, [
      sku(129, "16-1-101", "Card Set", 999, { stock: 0, backorder: false }),
    ]),
    product(18, "The New Answers Book 1 (Spanish)", { ...answers, subtitle: "Edición en español" }, [
      sku(130, "80-1-101", "Paperback", 1299, { stock: 8 }),
    ]),
    product(19, "Dinosaurs for Kids (German)", { ...ham, subtitle: "Deutsche Ausgabe" }, [
      sku(131, "82-1-101", "Hardcover", 1599, { stock: 4 }),
    ]),
    product(
      20,
      "Ark Encounter Hoodie",
      {
        subtitle: "Soft fleece, embroidered logo",
        attributes: [
          { slug: "size", title: "Size", values: SIZES },
          { slug: "colour", title: "Colour", values: COLOURS },
        ],
      },
      [
        // Not every combination exists: no large sand, and the small navy is sold out.
        sku(132, "60-2-101", "Apparel", 3999, {
          attributes: { size: "s", colour: "navy" },
          stock: 0,
          backorder: false,
        }),
        sku(133, "60-2-102", "Apparel", 3999, { attributes: { size: "m", colour: "navy" }, stock: 15 }),
        sku(134, "60-2-103", "Apparel", 4299, { attributes: { size: "l", colour: "navy" }, stock: 10 }),
        sku(135, "60-2-104", "Apparel", 3999, { attributes: { size: "s", colour: "sand" }, stock: 6 }),
        sku(136, "60-2-105", "Apparel", 3999, {
          attributes: { size: "m", colour: "sand" },
          stock: 0,
          backorder: true,
          restock_date: restockDate,
        }),
      ],
    ),
    product(
      21,
      "Creation Museum Cap",
      { subtitle: "One size", attributes: [{ slug: "colour", title: "Colour", values: COLOURS }] },
      [
        sku(137, "61-1-101", "Apparel", 2199, { attributes: { colour: "navy" }, stock: 22, allow_returns: false }),
        sku(138, "61-1-102", "Apparel", 2199, { attributes: { colour: "sand" }, stock: 5, allow_returns: false }),
      ],
    ),
    product(22, "BJU Press Science 4", { subtitle: "Student text, 5th edition" }, [
      sku(139, "35-1-101", "Paperback", 5499, { stock: 10 }),
    ]),
    product(23, "Signed Museum Print", { subtitle: "Numbered limited edition of 500" }, [
      sku(140, "70-1-101", "Print", 12500, { stock: 1, allow_returns: false }),
    ]),
    product(24, "Creation Museum Admission", { subtitle: "One-day ticket" }, [
      sku(141, "90-8-101", "Adult Ticket", 3495, { digital: true, allow_returns: false }),
      sku(142, "90-8-102", "Child Ticket", 1995, { digital: true, allow_returns: false }),
    ]),
    product(
      25,
      "How Do We Know the Bible Is True?",
      { ...ham, subtitle: "Video series download", series: "How Do We Know" },
      [sku(143, "90-2-401", "Video Download", 2999, { digital: true })],
    ),
    product(26, "How Do We Know the Bible Is True? Volume 2", { ...ham, subtitle: "Ebook", series: "How Do We Know" }, [
      sku(144, "90-3-402", "eBook", 899, { digital: true }),
    ]),
    product(27, "Lesson Plans: Creation Week", { subtitle: "Printable PDF" }, [
      sku(145, "90-4-501", "PDF", 499, { digital: true, allow_returns: false }),
    ]),
    product(28, "Answers Radio: Best of the Year", { subtitle: "MP3 album" }, [
      sku(146, "90-6-601", "MP3 Download", 999, { digital: true }),
    ]),
    product(29, "Family Worship Guide", { subtitle: "52 weeks of devotions", release_date: "2027-03-01" }, [
      sku(147, "10-5-101", "Paperback", 1599, { stock: 0, backorder: true, restock_date: restockDate }),
    ]),
    product(30, "Creation Evangelism", { ...ham, subtitle: "Reaching the lost" }, [
      sku(148, "10-1-501", "Paperback", 1199, { stock: 13, ...bulk(1199) }),
    ]),
    product(31, "Big Book of History", { subtitle: "A fold-out timeline" }, [
      sku(149, "10-2-201", "Hardcover", 1999, { stock: 16 }),
    ]),
    product(32, "Noah's Ark Coloring Book", { subtitle: "For ages 4 and up" }, [
      sku(150, "10-3-201", "Paperback", 699, { stock: 60, ...bulk(699) }),
    ]),
    product(33, "Dinosaur Field Guide", { subtitle: "Pocket edition" }, [
      sku(151, "10-4-201", "Paperback", 899, { stock: 0, backorder: false }),
      sku(152, "90-3-201b", "eBook", 499, { digital: true }),
    ]),
    product(34, "Creation Apologetics Conference", { subtitle: "12 talks on DVD", series: "Conference Sets" }, [
      sku(153, "30-2-101", "DVD Set", 4999, { stock: 5 }),
      sku(154, "90-2-101", "Video Download", 3999, { digital: true }),
    ]),
    product(35, "Astronomy Conference", { subtitle: "8 talks on DVD", series: "Conference Sets" }, [
      sku(155, "30-2-102", "DVD Set", 3999, { stock: 8 }),
    ]),
    product(36, "Creation Software Toolkit", { subtitle: "Presentation slides and notes" }, [
      sku(156, "20-2-101", "Software", 2999, { digital: true, allow_returns: false }),
    ]),
    product(
      37,
      "The Lie: Evolution/Millions of Years",
      { ...ham, subtitle: "25th anniversary edition", release_date: "2012-06-01" },
      [
        sku(157, "10-1-601", "Paperback", 1399, { stock: 30 }),
        sku(158, "10-1-602", "Hardcover", 1999, { stock: 4 }),
        sku(159, "90-3-601", "eBook", 999, { digital: true }),
      ],
    ),
  ];
  // A pack of six items (more than 4: the product page shows 3 and 'Show all 6 items').
  products.push(
    product(
      38,
      "New Answers Complete Pack",
      {
        ...answers,
        subtitle: "Six titles at a pack price",
        includes: ["10-1-201", "10-1-301", "10-1-401", "10-3-101", "10-4-101", "10-1-601"],
        better_together: [1, 2, 3],
        recommended: [5, 37],
      },
      [sku(160, "40-1-101", "Pack", 6999, { original_price_cents: 8593, stock: 20 })],
    ),
    product(
      39,
      "Family Video Pack",
      {
        subtitle: "Three films for family night",
        includes: ["30-1-301", "30-1-302", "30-2-102"],
      },
      [sku(161, "40-2-101", "Pack", 4999, { stock: 0, backorder: false })],
    ),
    product(
      40,
      "Digital Library Bundle",
      {
        subtitle: "Every eBook in one download",
        includes: ["90-3-201", "90-3-301", "90-3-601"],
      },
      [sku(162, "90-1-101", "Download Pack", 2499, { digital: true })],
    ),
  );
  // Memberships: tickets (90-8-1) whose format names the passholders, bought through the quick
  // checkout (docs/quick-checkout.md); the card is mailed, so they ship, and stock is not tracked.
  const pass = (id: number, code: string, variant: string, cents: number): Sku =>
    sku(id, code, `${variant} Membership`, cents, { allow_returns: false });
  products.push(
    product(41, "Annual Membership", { subtitle: "A year of visits for the passholders you name" }, [
      pass(200, "90-8-111", "Individual", 9900),
      pass(201, "90-8-112", "Family", 24900),
      pass(202, "90-8-113", "Grandparent", 19900),
    ]),
  );
  products[0].better_together = [2, 3, 38];
  products[0].recommended = [4, 5, 37];
  const donation = (id: number, code: string, name: string): Sku =>
    sku(id, code, "Donation", 0, { name, user_defined_price: true, campaign: "ark-main", allow_returns: false });
  // Storefront §4: the videos a magazine subscription includes free (one sold out: its box stays disabled).
  const freeVideo = (id: number, code: string, name: string, extra: Partial<Sku> = {}): Sku =>
    sku(id, code, FREE_DOWNLOAD_FORMAT, 0, { name, digital: true, allow_returns: false, ...extra });
  // The alphabet-order supplies page (category abc): classroom supplies, one sold out.
  const supply = (id: number, code: string, name: string, cents: number, stock = 100): Sku =>
    sku(id, code, "Supply", cents, { name, stock });
  return {
    products,
    skus: [
      freeVideo(163, "95-9-101", "Dinosaurs and the Bible"),
      freeVideo(164, "95-9-102", "The Six Days of Creation"),
      freeVideo(165, "95-9-103", "Noah's Flood: Fact or Fiction?"),
      freeVideo(166, "95-9-104", "Where Did Cain Get His Wife?"),
      freeVideo(167, "95-9-105", "The Ice Age"),
      freeVideo(168, "95-9-106", "Distant Starlight", { stock: 0, backorder: false }),
      supply(170, "16-2-101", "Activity Sheets (pack of 25)", 499),
      supply(171, "16-2-102", "Alphabet Wall Cards", 1299),
      supply(172, "16-2-103", "Bible Story Stickers", 399),
      supply(173, "16-2-104", "Bookmarks: Creation Days", 299),
      supply(174, "16-2-105", "Crayons (box of 24)", 349),
      supply(175, "16-2-106", "Craft Kit: Noah's Ark", 899),
      supply(176, "16-2-107", "Glue Sticks (pack of 6)", 449),
      supply(177, "16-2-108", "Name Tags (pack of 50)", 599),
      supply(178, "16-2-109", "Stencils: Animals of the Ark", 699, 0),
      supply(179, "16-2-110", "Pencils (pack of 12)", 299),
      donation(190, "GeneralDonation", "General Donation"),
      donation(191, "CreationMuseum", "Creation Museum Donation"),
      donation(192, "Worldwide", "Worldwide Outreach Donation"),
      donation(193, "Ark", "Ark Encounter Donation"),
      donation(194, "Peg", "Buy a Peg"),
      donation(195, "Plank", "Buy a Plank"),
      donation(196, "Beam", "Buy a Beam"),
    ],
  };
}

/** Imports the demo catalog into an empty log (demo-data.ts), as `import-catalog` would. */
export async function seedCatalogDemoData(
  store: EventStore,
  db: Kysely<Database>,
  clock: () => Date,
  metadata: EventMetadata,
): Promise<void> {
  const file = parseCatalogFile(demoCatalog(clock().toISOString().slice(0, 10)));
  await importCatalog({ store, db, clock }, file, { by: null, metadata });
}
