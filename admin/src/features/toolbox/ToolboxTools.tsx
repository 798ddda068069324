import type { ComponentType } from "react";
import { EmbedMediaTool, GetUrlsTool, RelatedNodesTool, TranslationsTool } from "./LinkTools";
import { FootnoteTool, RestrictContentTool, ScriptureTool, type ToolProps } from "./TextTools";
import { WidgetsTool } from "./WidgetTools";

const TOOLS: Array<{ key: string; title: string; Tool: ComponentType<ToolProps> }> = [
  { key: "get_urls", title: "Get urls", Tool: GetUrlsTool },
  { key: "embed_media", title: "Embed media", Tool: EmbedMediaTool },
  { key: "footnote", title: "Footnote", Tool: FootnoteTool },
  { key: "scripture", title: "Scripture", Tool: ScriptureTool },
  { key: "get_related_contentnodes", title: "Get related contentnodes", Tool: RelatedNodesTool },
  { key: "get_translations", title: "Get translations", Tool: TranslationsTool },
  { key: "restrict_content", title: "Restrict content", Tool: RestrictContentTool },
  { key: "widgets", title: "Widgets", Tool: WidgetsTool },
];

/** The toolbox's tools, one disclosure each; loaded on the toolbox's first opening (see Toolbox). */
export function ToolboxTools({ idPrefix, insert, wrap }: ToolProps) {
  return TOOLS.map(({ key, title, Tool }) => (
    <details key={key} className="toolbox-tool" data-tool={key}>
      <summary>{title}</summary>
      <Tool idPrefix={`${idPrefix}-${key}`} insert={insert} wrap={wrap} />
    </details>
  ));
}
