import type { Kysely } from "kysely";
import { FEATURED_PAGE_URL } from "@shop/shared/home/constants";
import {
  keywordSlugStream,
  keywordStream,
  NODE_PAGE_FIELD_DEFAULTS,
  slugify,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type NodeFields,
} from "@shop/shared";
import { decideRoles } from "../contributors/decide-roles.ts";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { decideKeyword, keywordDecider } from "../keywords/keyword.ts";
import type { NodeKind } from "./content-node.ts";
import { decideNode } from "./decide.ts";
import { runNodeCommand } from "./node-commands.ts";
import type { Database } from "@shop/projections";

const KEYWORDS: Array<[string, number]> = [
  ["Noah's Ark", 12100],
  ["Ark Encounter", 33100],
  ["Creation Museum", 22200],
  ["Genesis", 8100],
  ["Donate", 1900],
];

const WIDGETS_DEMO_BODY = [
  "<h2>Photos</h2>",
  '<p><a href="/widgets-demo/slide-1.svg" data-widget="overlay" data-rel="ark" title="The Ark at dawn">Dawn</a> · ' +
    '<a href="/widgets-demo/slide-2.svg" data-widget="overlay" data-rel="ark" title="The Ark at noon">Noon</a> · ' +
    '<a href="/widgets-demo/slide-3.svg" data-widget="overlay" data-rel="ark" title="The Ark at dusk">Dusk</a></p>',
  '<div data-widget="slideshow"><img src="/widgets-demo/slide-1.svg" alt="The Ark at dawn" width="640" height="480">' +
    '<img src="/widgets-demo/slide-2.svg" alt="The Ark at noon" width="640" height="480">' +
    '<img src="/widgets-demo/slide-3.svg" alt="The Ark at dusk" width="640" height="480"></div>',
  '<div data-widget="panel-slider">' +
    ["dawn", "noon", "dusk", "dawn", "noon", "dusk"]
      .map(
        (time, i) =>
          `<a href="/widgets-demo/slide-${(i % 3) + 1}.svg"><img src="/widgets-demo/slide-${(i % 3) + 1}.svg" alt="Deck ${i + 1} at ${time}" width="160" height="120"></a>`,
      )
      .join("") +
    "</div>",
  '<div data-widget="scroll-slider">' +
    ["Main deck", "Upper deck", "Zoo", "Gardens", "Restaurant", "Playground"]
      .map(
        (name, i) =>
          `<div><img src="/widgets-demo/slide-${(i % 3) + 1}.svg" alt="" width="640" height="480"><p><a href="/about/">${name}</a></p></div>`,
      )
      .join("") +
    "</div>",
  '<p><a href="#spring-issue" data-widget="issue-viewer" title="Answers, Spring 2027">Read the spring issue</a></p>',
  '<div id="spring-issue"><img src="/widgets-demo/slide-1.svg" alt="Cover"><img src="/widgets-demo/slide-2.svg" alt="Contents"><img src="/widgets-demo/slide-3.svg" alt="Feature"></div>',
  "<h2>Plan your day</h2>",
  '<p><a href="#opening-hours" data-widget="overlay">Opening hours</a> · ' +
    '<a href="/about/mission/" data-widget="overlay" title="Our Mission">Why we built it</a> · ' +
    '<a href="https://maps.example.org/embed/ark" data-widget="overlay" data-overlay="frame" title="Map">Map</a></p>',
  '<div id="opening-hours"><p>Open daily from 9 am to 6 pm.</p></div>',
  '<div><a href="#" data-widget="overlay" data-overlay="inline" title="Tickets">Ticket help</a><div><p>A ticket is valid all day.</p></div></div>',
  '<div data-widget="tabs"><section><h3>Hours</h3><p>9 am to 6 pm, every day.</p></section>' +
    "<section><h3>Prices</h3><p>Adults $60, children $30.</p></section>" +
    "<section><h3>Parking</h3><p>Parking is $15 a car.</p></section></div>",
  '<div data-widget="accordion"><details><summary>Can I bring food?</summary><p>Yes, picnic areas are by the lot.</p></details>' +
    "<details><summary>Are pets allowed?</summary><p>Service animals only.</p></details></div>",
  '<details data-widget="accordion"><summary>Accessibility</summary><p>Every deck has ramps and lifts.</p></details>',
  '<div data-widget="stepper"><section><p>Buy your ticket online.</p></section><section><p>Park in the main lot.</p></section>' +
    "<section><p>Take the shuttle to the Ark.</p></section></div>",
  "<h2>News</h2>",
  '<div data-widget="countdown" data-redirect="/donate/"><p>Grand opening of the playground in <time datetime="2027-07-07T14:00:00Z">July 7, 2027</time></p></div>',
  '<div data-widget="progress-ring" data-percent="65">Raised for the playground</div>',
  '<div data-widget="thermometer" data-campaign="ark-main" data-template="compact">The Ark campaign</div>',
  '<div data-widget="testimonials"><blockquote><p>The best day our family had all year.</p><footer>The Millers</footer></blockquote>' +
    "<blockquote><p>Bigger than we ever imagined.</p><footer>Ana, Ohio</footer></blockquote></div>",
  '<p>The Ark is 300 <span data-widget="tooltip" title="A cubit is about 18 inches (46 cm).">cubits</span> long.</p>',
  "<h2>Listen</h2>",
  '<p><a href="/widgets-demo/chime.wav" data-widget="audio-button">Hear the bell</a></p>',
  '<audio controls src="/widgets-demo/chime.wav" data-start="0.2" data-end="0.6" title="Bell, first part"></audio>',
  '<audio controls src="/widgets-demo/chime.wav" title="Bell, whole"></audio>',
].join("\n");

const LONG_DEMO_PARAGRAPHS = [
  "The Ark Encounter is a full-size reconstruction of Noah's Ark built from the dimensions given in Genesis: three hundred cubits long, fifty cubits wide and thirty cubits high. Walking its three decks takes most visitors a full afternoon, and every deck tells part of the story of the Flood, from the building of the vessel to the long months afloat and the day the family stepped out onto dry ground again.",
  "Inside, the exhibits answer the questions people ask most often. How could eight people care for so many animals? Where did the water come from, and where did it go? How were food and fresh water stored, and how was the air kept moving through the lower decks? Each answer is shown with models, illustrations and short films, so families can stop wherever their children's curiosity leads them.",
  "Outside the Ark, the grounds hold a zoo, a restaurant with a view of the bow, gardens and walking paths. The zoo lets visitors meet animals that are descendants of the kinds that were on board, and keepers give short talks through the day. Plan at least a full day for the whole site; many families stay for two and visit the Creation Museum on the second.",
];
const LONG_DEMO_BODY = Array.from({ length: 8 }, (_, part) =>
  [`<h2>Part ${part + 1}</h2>`, ...LONG_DEMO_PARAGRAPHS.map((text) => `<p>${text}</p>`)].join("\n"),
).join("\n");

/** Pages by key; parents by key; bodies use the toolbox's tags so the public page shows them expanded. */
const NODES: Array<{
  key: string;
  name: string;
  url: string;
  parent: string | null;
  live: boolean;
  keywords?: string[];
  body: string;
  short?: string;
}> = [
  {
    key: "home",
    name: "Home",
    url: "/",
    parent: null,
    live: true,
    keywords: ["Ark Encounter", "Creation Museum"],
    short: "Welcome to the Ark Encounter and the Creation Museum.",
    body: '<h1>Welcome</h1>\n<p>Explore our pages:</p>\n{% get_related_contentnodes relation="child" count=4 %}\n{% get_translations %}',
  },
  {
    key: "about",
    name: "About Us",
    url: "/about/",
    parent: "home",
    live: true,
    keywords: ["Genesis"],
    body:
      '<p>We believe the Bible{% footnote "Sixty-six books, Genesis to Revelation." %} from its first verse, {% scripture "Genesis 1:1" "NKJV" %}.</p>\n' +
      '{% restrict_content mode="staff" %}<p class="note">Staff note: update the board list in spring.</p>{% endrestrict_content %}\n' +
      '<p>Read about <a href="{% get_urls node=3 %}">our mission</a>.</p>\n{% footnote_index %}',
  },
  {
    key: "mission",
    name: "Our Mission",
    url: "/about/mission/",
    parent: "about",
    live: true,
    keywords: ["Genesis"],
    short: "What we believe and what we do.",
    body:
      '<p>Upholding the authority of the Bible.</p>\n{% get_related_contentnodes relation="parents" %}\n' +
      "<h2>What we believe</h2>\n<p>The Bible is true from its very first verse.</p>\n" +
      "<h3>Creation &amp; the Flood</h3>\n<p>Genesis is history.</p>\n" +
      "<h2>What we do</h2>\n<p>We build museums, write books and answer questions.</p>",
  },
  {
    key: "visit",
    name: "Visit the Ark",
    url: "/visit/",
    parent: "home",
    live: false,
    keywords: ["Noah's Ark", "Ark Encounter"],
    body: '<p>Take the tour:</p>\n{% embed_media type="file" url="/media/ark-encounter-tour.mp4" title="Ark Encounter Tour" %}\n{% restrict_content mode="anonymous" %}<p><a href="/login/">Sign in</a> to plan your trip.</p>{% endrestrict_content %}',
  },
  {
    key: "donate",
    name: "Donate",
    url: "/donate/",
    parent: "home",
    live: true,
    keywords: ["Donate"],
    body: "<p>Help build the Ark.</p>",
  },
  {
    key: "history",
    name: "Our History",
    url: "/about/history/",
    parent: "about",
    live: true,
    keywords: ["Genesis", "Creation Museum"],
    body: '<p>Where we came from.</p>\n{% get_related_contentnodes relation="sibling" %}',
  },
  {
    // The storefront widgets (docs/widgets.md), in the markup the page body keeps; last, so the ids above stay.
    key: "widgets",
    name: "Visitor Guide",
    url: "/visitor-guide/",
    parent: "home",
    live: true,
    body: WIDGETS_DEMO_BODY,
  },
  {
    // A long page (over 1,400 words): content pages place two ads in it (docs/storefront-pages.md "Ads").
    key: "ark-in-depth",
    name: "The Ark in Depth",
    url: "/visitor-guide/the-ark-in-depth/",
    parent: "widgets",
    live: true,
    body: LONG_DEMO_BODY,
  },
  {
    // The home page's featured products are the products this page links, in order (services/src/home).
    key: "featured",
    name: "Staff Picks",
    url: FEATURED_PAGE_URL,
    parent: "home",
    live: true,
    short: "The books, videos and gifts our staff recommend this season.",
    body: [
      "<p>The books, videos and gifts our staff recommend this season.</p>",
      "<ul>",
      '<li><a href="/store/products/10/">Creation Answers Study Bible</a></li>',
      '<li><a href="/store/products/6/">Six Days</a></li>',
      '<li><a href="/store/products/20/">Ark Encounter Hoodie</a></li>',
      '<li><a href="/store/products/4/">Dinosaurs of Eden</a></li>',
      "</ul>",
    ].join("\n"),
  },
];

const MENU: Array<{ key: string; name: string; url: string; parent: string | null }> = [
  { key: "home", name: "Home", url: "/", parent: null },
  { key: "about", name: "About", url: "/about/", parent: "home" },
  // The Visit page is a draft: the menu leads to the Visitor Guide, which is Live (no dead link in the header).
  { key: "visit", name: "Visit", url: "/visitor-guide/", parent: "home" },
  { key: "donate", name: "Donate", url: "/donate/", parent: "home" },
  // A submenu for the storefront's header (services/src/nav): added last, so the ids above stay as they were.
  { key: "mission", name: "Our Mission", url: "/about/mission/", parent: "about" },
  { key: "history", name: "Our History", url: "/about/history/", parent: "about" },
];

/**
 * The demo's content tree (ids from the allocator, so on an empty database Home is 1 and About Us 2,
 * which the translation demo rows point at), its keywords, contributors and the tree app's menu.
 */
export async function seedContentDemoData(
  store: EventStore,
  db: Kysely<Database>,
  clock: () => Date,
  metadata: EventMetadata,
): Promise<LogPosition> {
  const now = clock();
  let last!: LogPosition;
  const keywordIds = new Map<string, number>();
  for (const [name, monthlySearches] of KEYWORDS) {
    const id = await allocateId(db, "keyword");
    const slug = slugify(name);
    await store.append(
      keywordSlugStream(slug),
      [{ type: "KeywordSlugClaimed", data: { keywordId: id, slug }, metadata }],
      { expectedVersion: "no-stream" },
    );
    const r = await runCommand(
      store,
      keywordStream(id),
      keywordDecider,
      RETRY.once,
      (s) => decideKeyword({ type: "CreateKeyword", data: { id, name, slug, monthlySearches, now, by: null } }, s),
      { metadata },
    );
    last = r.appended!.position;
    keywordIds.set(name, id);
  }

  const create = async (
    kind: NodeKind,
    ids: Map<string, number>,
    node: {
      key: string;
      name: string;
      url: string;
      parent: string | null;
      body?: string;
      short?: string;
      keywords?: string[];
    },
  ) => {
    const id = await allocateId(db, kind);
    ids.set(node.key, id);
    const fields: NodeFields = {
      name: node.name,
      slug: slugify(node.name),
      parentId: node.parent ? ids.get(node.parent)! : null,
      shortDescription: node.short ?? "",
      url: node.url,
      body: node.body ?? "",
      nodeTypeId: null,
      published: null,
      lastPublished: null,
      ...NODE_PAGE_FIELD_DEFAULTS,
      menuNodeIds: [],
    };
    const kw = (node.keywords ?? []).map((k) => keywordIds.get(k)!);
    await runNodeCommand(
      store,
      kind,
      id,
      (s) =>
        decideNode(
          { type: "CreateNode", data: { kind, id, fields, ignoreWarnings: true, now, by: null, keywordIds: kw } },
          s,
        ),
      metadata,
    );
    return id;
  };
  const publish = async (kind: NodeKind, id: number) => {
    const r = await runNodeCommand(
      store,
      kind,
      id,
      (s) => decideNode({ type: "ChangeStatus", data: { action: "publish", now, by: null } }, s),
      metadata,
    );
    last = r.appended!.position;
  };

  const nodeIds = new Map<string, number>();
  for (const node of NODES) {
    const id = await create("contentnode", nodeIds, node);
    if (node.live) await publish("contentnode", id);
  }
  const about = nodeIds.get("about")!;
  for (const [contributor, role] of [
    ["Ken Ham", "Author"],
    ["Demo Editor", "Editor"],
  ]) {
    const roleId = await allocateId(db, "contributorrole");
    const r = await runNodeCommand(
      store,
      "contentnode",
      about,
      (s) => decideRoles({ type: "AddRole", data: { roleId, contributor, role } }, s),
      metadata,
    );
    last = r.appended!.position;
  }
  const menuIds = new Map<string, number>();
  for (const item of MENU) await publish("menunode", await create("menunode", menuIds, item));
  return last;
}
