import type { ReactNode } from "react";
import { ContributorsEditor } from "../contributors/ContributorsEditor";
import { KeywordEditor } from "../keywords/KeywordEditor";
import { ScheduledActionsEditor } from "../scheduled-actions/ScheduledActionsEditor";

type Props = { nodeId: number; body: string; parentId: number | null };

/**
 * The node's keywords, contributors and scheduled actions below the form, each a section with its own
 * heading so the page reads in parts and a screen reader can jump to each. (The admin bar shows the
 * same editors in panels that carry their own headings.)
 */
export function NodeRelatedSections({ nodeId, body, parentId }: Props) {
  return (
    <div className="node-related">
      <RelatedSection id="keywords" title="Keywords">
        <KeywordEditor nodeId={nodeId} body={body} parentId={parentId} />
      </RelatedSection>
      <RelatedSection id="contributors" title="Contributors">
        <ContributorsEditor nodeId={nodeId} />
      </RelatedSection>
      <RelatedSection id="scheduled-actions" title="Scheduled actions">
        <ScheduledActionsEditor nodeId={nodeId} />
      </RelatedSection>
    </div>
  );
}

function RelatedSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card related-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
