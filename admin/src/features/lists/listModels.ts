import { ADMIN_MODELS, addPath, recordPath, type AdminModel } from "@shop/shared";

/** One column of a list page. `sort` names the server's sort field when the column can be sorted. */
export type ListColumn = {
  key: string;
  label: string;
  sort?: string;
  link?: (row: ListRow) => string | null /** A UTC ISO instant, shown in the site's zone. */;
  time?: boolean;
  /** Integer cents, shown as dollars. */
  money?: boolean;
};
export type ListRow = { id: number; [field: string]: unknown };

/** A list page of one model: where its rows come from and how they show. */
export type ListModel = {
  app: string;
  model: string;
  title: string;
  api: string;
  columns: ListColumn[];
  defaultSort: string;
  /**
   * False when the server's list takes no search or sort (scheduled actions): the page then loads
   * every row once and searches, sorts and pages them in the browser.
   */
  serverSide: boolean;
  /** Fields a browser-side search looks in. */
  searchFields?: string[];
  addUrl?: string;
  /** The add link's words ('Add keyword'). */
  addLabel?: string;
  /** The server's name for the search text, when not `query`. */
  searchParam?: string;
};

/** A described model's list page (shared/src/admin-models): its columns link to the record pages. */
export function listModelOf(model: AdminModel): ListModel {
  const idField = model.idField ?? "id";
  return {
    app: model.app,
    model: model.model,
    title: model.title,
    api: model.api,
    columns: model.list.columns.map((column) => ({
      key: column.field,
      label: column.label ?? model.fields.find((f) => f.name === column.field)?.label ?? column.field,
      sort: column.sort,
      time: column.time,
      money: column.money,
      link: column.link
        ? (row: ListRow) => recordPath(model, String(row[idField]))
        : column.linkTo
          ? (row: ListRow) => column.linkTo!.replace(/\{(\w+)\}/g, (_, f: string) => String(row[f] ?? ""))
          : undefined,
    })),
    defaultSort: model.list.defaultSort,
    serverSide: model.list.serverSide,
    searchFields: model.list.searchFields,
    searchParam: model.list.searchParam,
    addUrl: model.creatable ? addPath(model) : undefined,
    addLabel: `Add ${model.singular.toLowerCase()}`,
  };
}

const nodeLink = (row: ListRow) => `/content/contentnode/${row.id}/`;

export const LIST_MODELS: Record<string, ListModel> = {
  "content/contentnode": {
    app: "content",
    model: "contentnode",
    title: "Content nodes",
    api: "/admin/api/content/contentnode/",
    columns: [
      { key: "name", label: "Name", sort: "name", link: nodeLink },
      { key: "slug", label: "Slug", sort: "slug" },
      { key: "url", label: "URL", sort: "url" },
      { key: "status", label: "Status", sort: "status" },
    ],
    defaultSort: "id",
    serverSide: true,
    addUrl: "/content/contentnode/add/",
  },
  "tree/menunode": {
    app: "tree",
    model: "menunode",
    title: "Menu nodes",
    api: "/admin/api/tree/menunode/",
    columns: [
      { key: "name", label: "Name", sort: "name", link: (row) => `/tree/menunode/${row.id}/` },
      { key: "slug", label: "Slug", sort: "slug" },
      { key: "url", label: "URL", sort: "url" },
      { key: "status", label: "Status", sort: "status" },
    ],
    defaultSort: "id",
    serverSide: true,
    addUrl: "/tree/menunode/add/",
  },
  ...Object.fromEntries(Object.entries(ADMIN_MODELS).map(([key, model]) => [key, listModelOf(model)])),
};

export const DEFAULT_PAGE_SIZE = 50;
