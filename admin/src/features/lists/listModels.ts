/** One column of a list page. `sort` names the server's sort field when the column can be sorted. */
export type ListColumn = {
  key: string;
  label: string;
  sort?: string;
  link?: (row: ListRow) => string | null /** A UTC ISO instant, shown in the site's zone. */;
  time?: boolean;
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
};

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
  "content/keyword": {
    app: "content",
    model: "keyword",
    title: "Keywords",
    api: "/admin/api/content/keyword/",
    columns: [
      { key: "id", label: "ID", sort: "id" },
      { key: "name", label: "Name", sort: "name" },
      { key: "slug", label: "Slug", sort: "slug" },
    ],
    defaultSort: "name",
    serverSide: true,
  },
  "base/cmsactionevent": {
    app: "base",
    model: "cmsactionevent",
    title: "Scheduled actions",
    api: "/admin/api/base/cmsactionevent/",
    columns: [
      { key: "id", label: "ID", sort: "id" },
      { key: "action_time_iso", label: "Action time", sort: "action_time_iso", time: true },
      { key: "action", label: "Action", sort: "action" },
      {
        key: "object_id",
        label: "Content node",
        sort: "object_id",
        link: (row) => `/content/contentnode/${row.object_id}/`,
      },
      { key: "status", label: "Status", sort: "status" },
    ],
    defaultSort: "-action_time_iso",
    serverSide: false,
    searchFields: ["action", "action_time_iso", "status", "object_id"],
  },
};

export const DEFAULT_PAGE_SIZE = 50;
