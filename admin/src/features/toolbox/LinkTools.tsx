import { useState } from 'react';
import { EMBED_MEDIA_TYPES, FORM_MESSAGES, RELATED_NODE_OPTIONS, type EmbedMediaType } from '@shop/shared';
import { RecordPicker } from '../record-picker/RecordPicker';
import type { ToolProps } from './TextTools';
import { embedMediaTag, getUrlsTag, isCount, relatedNodesTag, type RelatedOptions } from './toolboxTags';

const CONTENT_NODES = '/admin/api/content/contentnode/';
const MEDIA_FILES = '/admin/api/content/mediafile/';
const SKUS = '/admin/api/product/sku/';

export function GetUrlsTool({ idPrefix, insert }: ToolProps) {
  const [node, setNode] = useState<number | null>(null);
  const [asLink, setAsLink] = useState(false);
  return (
    <div className="tool-body">
      <RecordPicker id={`${idPrefix}-urls-node`} api={CONTENT_NODES} label="Page" value={node} onChange={setNode} searchFields={['name', 'slug', 'url']} displayFields={['url']} />
      <p className="muted">Leave empty for this page's own url.</p>
      <label className="tool-radio">
        <input type="checkbox" checked={asLink} onChange={(e) => setAsLink(e.target.checked)} /> Insert as a link with the page's name
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
  const [type, setType] = useState<EmbedMediaType>('file');
  const [item, setItem] = useState<number | null>(null);
  const [error, setError] = useState(false);
  const id = `${idPrefix}-embed`;
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
      <RecordPicker
        key={type}
        id={`${id}-item`}
        api={type === 'file' ? MEDIA_FILES : SKUS}
        label={type === 'file' ? 'Media file' : 'Product'}
        value={item}
        onChange={setItem}
        searchFields={type === 'file' ? ['name', 'slug'] : ['sku', 'name']}
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
  const [o, setO] = useState<RelatedOptions>({ relation: 'child', relationFilter: 'both', collectionFilter: RELATED_NODE_OPTIONS.defaultCollectionFilter, count: '', node: null });
  const id = `${idPrefix}-related`;
  const select = <K extends 'relation' | 'relationFilter' | 'collectionFilter'>(key: K, label: string, choices: readonly RelatedOptions[K][]) => (
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
      {select('relation', 'Relation', RELATED_NODE_OPTIONS.relationTypes)}
      {select('relationFilter', 'Relation filter', RELATED_NODE_OPTIONS.relationFilters)}
      {select('collectionFilter', 'Collection filter', RELATED_NODE_OPTIONS.collectionFilters)}
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
      <RecordPicker id={`${id}-node`} api={CONTENT_NODES} label="Related to page" value={o.node} onChange={(node) => setO({ ...o, node })} searchFields={['name', 'slug', 'url']} />
      <p className="muted">Leave empty for this page.</p>
      <div className="tool-actions">
        <button type="button" onClick={() => insert(relatedNodesTag(o))}>
          Insert related pages
        </button>
      </div>
    </div>
  );
}
