import type { ReactNode } from "react";
import { usesInBody, type KeywordStats } from "./keywordApi";

/** 'new' until the keyword exists on the server, then 'exists' (back-office §4 "Keyword row"). */
export type KeywordRow = KeywordStats & { state: "new" | "exists" };

type Props = { caption: string; rows: KeywordRow[]; body: string; empty: string; action(row: KeywordRow): ReactNode };

/** A keyword table: name, slug, our uses, monthly searches, new/exists, uses in this page's body (missing when none). */
export function KeywordTable({ caption, rows, body, empty, action }: Props) {
  return (
    <div className="keyword-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Keyword</th>
            <th scope="col">Slug</th>
            <th scope="col">Our uses</th>
            <th scope="col">Monthly searches</th>
            <th scope="col">State</th>
            <th scope="col">In this page</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const uses = usesInBody(row.name, body);
              return (
                <tr key={row.id} className={uses === 0 ? "keyword-missing" : undefined}>
                  <th scope="row">{row.name}</th>
                  <td>{row.slug}</td>
                  <td>{row.our_uses}</td>
                  <td>{row.monthly_searches}</td>
                  <td>
                    <span className={`badge keyword-${row.state}`}>{row.state}</span>
                  </td>
                  <td>{uses === 0 ? <span className="keyword-missing-flag">missing</span> : `${uses}×`}</td>
                  <td>{action(row)}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
