import { useState } from "react";
import {
  EMBED_MEDIA_TARGETS,
  EMBED_MEDIA_TYPES,
  FORM_MESSAGES,
  RELATED_NODE_OPTIONS,
  type EmbedMediaType,
} from "@shop/shared";
import { RecordPicker } from "../lookups/RecordPicker";
import { useLookupListQuery, usePickerItemsQuery } from "../lookups/pickerApi";
import type { ToolProps } from "./TextTools";
import {
  embedMediaTag,
  getUrlsTag,
  isCount,
  relatedNodesTag,
  translationsTag,
  type RelatedOptions,
} from "./toolboxTags";

// The tools' lookups (§7) and the fields their pickers offer to search (each one the lookup searches).
const CONTENT_NODES = "/admin/api/content/contentnode/";
const MEDIA_FILES = "/admin/api/content/mediafile/";
const TRANSLATIONS = "/admin/api/translation/contentlangnode/";
const MEDIA_FORMATS = "/admin/api/content/mediaformat/";
const SEARCH_FIELDS: Record<string, string[]> = {
  [CONTENT_NODES]: ["name", "slug", "url"],
  [MEDIA_FILES]: ["name", "slug"],
  [TRANSLATIONS]: ["name", "slug"],
};
const fieldsOf = (api: string) => SEARCH_FIELDS[api];

export function GetUrlsTool({ idPrefix, insert }: ToolProps) {
  const [node, setNode] = useState<number | null>(null);
  const [asLink, setAsLink] = useState(false);
  return (
    <div className="tool-body">
      <RecordPicker
        id={`${idPrefix}-urls-node`}
        api={CONTENT_NODES}
        label="Page"
        value={node}
        onChange={setNode}
        searchFields={fieldsOf(CONTENT_NODES)}
        displayFields={["url"]}
      />
      <p className="muted">Leave empty for this page's own url.</p>
      <label className="tool-radio">
        <input type="checkbox" checked={asLink} onChange={(e) => setAsLink(e.target.checked)} /> Insert as a link with
        the page's name
      </label>
      <div className="tool-actions">
        <button type="button" onClick={() => insert(getUrlsTag(node, asLink))}>
          Insert url
        </button>
      </div>
    </div>
  );
}

export function EmbedMediaTool({ idPrefix, insert }: ToolProps) {
  const [type, setType] = useState<EmbedMediaType>("file");
  const [item, setItem] = useState<number | null>(null);
  const [format, setFormat] = useState("");
  const [error, setError] = useState(false);
  const id = `${idPrefix}-embed`;
  const target = EMBED_MEDIA_TARGETS[type];
  // §7: the media formats list (GET mediaformat/?count=-1) narrows the media files to one format.
  const formats = useLookupListQuery(MEDIA_FORMATS, { skip: target.names !== "mediafile" }).data ?? [];
  return (
    <div className="tool-body">
      <label htmlFor={`${id}-type`}>Media type</label>
      <select
        id={`${id}-type`}
        value={type}
        onChange={(e) => {
          setType(e.target.value as EmbedMediaType);
          setItem(null);
        }}
      >
        {EMBED_MEDIA_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      {target.names === "mediafile" && (
        <>
          <label htmlFor={`${id}-format`}>Format</label>
          <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value)}>
            <option value="">Any format</option>
            {formats.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </>
      )}
      <RecordPicker
        key={type}
        id={`${id}-item`}
        api={target.lookup}
        label={target.label}
        value={item}
        onChange={setItem}
        searchFields={fieldsOf(target.lookup)}
        filters={target.names === "mediafile" && format ? { format_id: Number(format) } : undefined}
      />
      {error && <p className="field-error">{FORM_MESSAGES.required}</p>}
      <div className="tool-actions">
        <button
          type="button"
          onClick={() => {
            setError(item === null);
            if (item !== null) insert(embedMediaTag(type, item));
          }}
        >
          Insert media
        </button>
      </div>
    </div>
  );
}

export function RelatedNodesTool({ idPrefix, insert }: ToolProps) {
  const [o, setO] = useState<RelatedOptions>({
    relation: "child",
    relationFilter: "both",
    collectionFilter: RELATED_NODE_OPTIONS.defaultCollectionFilter,
    count: "",
    node: null,
  });
  const id = `${idPrefix}-related`;
  const select = <K extends "relation" | "relationFilter" | "collectionFilter">(
    key: K,
    label: string,
    choices: readonly RelatedOptions[K][],
  ) => (
    <>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={o[key]} onChange={(e) => setO({ ...o, [key]: e.target.value })}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <div className="tool-body">
      {select("relation", "Relation", RELATED_NODE_OPTIONS.relationTypes)}
      {select("relationFilter", "Relation filter", RELATED_NODE_OPTIONS.relationFilters)}
      {select("collectionFilter", "Collection filter", RELATED_NODE_OPTIONS.collectionFilters)}
      <label htmlFor={`${id}-count`}>Count</label>
      <input
        id={`${id}-count`}
        inputMode="numeric"
        maxLength={RELATED_NODE_OPTIONS.maxCountDigits}
        value={o.count}
        aria-describedby={`${id}-count-hint`}
        onChange={(e) => isCount(e.target.value) && setO({ ...o, count: e.target.value })}
      />
      <p id={`${id}-count-hint`} className="muted">
        Up to {RELATED_NODE_OPTIONS.maxCountDigits} digits; empty for the default.
      </p>
      <RecordPicker
        id={`${id}-node`}
        api={CONTENT_NODES}
        label="Related to page"
        value={o.node}
        onChange={(node) => setO({ ...o, node })}
        searchFields={fieldsOf(CONTENT_NODES)}
        displayFields={["url"]}
      />
      <p className="muted">Leave empty for this page.</p>
      <div className="tool-actions">
        <button type="button" onClick={() => insert(relatedNodesTag(o))}>
          Insert related pages
        </button>
      </div>
    </div>
  );
}

/** get_translations: this page's translations, or a translation set chosen through the contentlangnode lookup. */
export function TranslationsTool({ idPrefix, insert }: ToolProps) {
  const [translation, setTranslation] = useState<number | null>(null);
  // A translation row names the page it translates: that page's translations are the set.
  const { data: rows } = usePickerItemsQuery(
    { api: TRANSLATIONS, ids: translation ? [translation] : [] },
    { skip: translation === null },
  );
  const page = Number(rows?.find((row) => row.id === translation)?.node_id);
  const ready = translation === null || Number.isSafeInteger(page);
  return (
    <div className="tool-body">
      <RecordPicker
        id={`${idPrefix}-translations`}
        api={TRANSLATIONS}
        label="Translation set"
        value={translation}
        onChange={setTranslation}
        searchFields={fieldsOf(TRANSLATIONS)}
        displayFields={["language", "node"]}
        include={["node"]}
      />
      <p className="muted">
        Choose any translation of a page to list all of its translations; leave empty for this page's own.
      </p>
      <div className="tool-actions">
        <button
          type="button"
          disabled={!ready}
          onClick={() => insert(translationsTag(translation === null ? null : page))}
        >
          Insert translations
        </button>
      </div>
    </div>
  );
}
