import { useRef, useState } from "react";
import { useStore } from "react-redux";
import { CONTRIBUTOR_SORT_ORDER_STEP } from "@shop/shared";
import { contributorsApi, useAddContributorRoleMutation, type ContributorRole } from "./contributorsApi";

const selectRoles = (nodeId: number) => contributorsApi.endpoints.contributorRoles.select(nodeId);
/** The store as the contributors' endpoints see it (their tag types added to the one API). */
type ContributorsState = Parameters<ReturnType<typeof selectRoles>>[0];

export type NewContributor = { contributor: string; role: string };
/** An add on its way: shown at the end of the list until the server has answered. */
export type PendingContributor = NewContributor & { key: number };

/** The next role goes after every listed one (their sort orders are positions × 10, gaps left by removals kept). */
const nextSortOrder = (roles: ContributorRole[]) =>
  Math.max(0, ...roles.map((r) => r.sort_order)) + CONTRIBUTOR_SORT_ORDER_STEP;

/**
 * Adds a node's contributors one after the other. Two adds in quick succession would otherwise both
 * read the same list and take the same sort order; queued, each reads the list after the one before
 * it was answered (the add puts its row into the cache at once).
 */
export function useContributorAdds(nodeId: number) {
  const store = useStore<ContributorsState>();
  const [addRole] = useAddContributorRoleMutation();
  const [pending, setPending] = useState<PendingContributor[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const lastKey = useRef(0);

  /** Resolves true once this contributor is added, false if the server refused. */
  const add = (values: NewContributor): Promise<boolean> => {
    const key = ++lastKey.current;
    setPending((list) => [...list, { ...values, key }]);
    const run = async () => {
      const roles = selectRoles(nodeId)(store.getState()).data ?? [];
      const added = await addRole({ node: nodeId, ...values, sort_order: nextSortOrder(roles) })
        .unwrap()
        .then(
          () => true,
          () => false,
        );
      setPending((list) => list.filter((p) => p.key !== key));
      return added;
    };
    const done = queue.current.then(run);
    queue.current = done;
    return done;
  };

  return { pending, add };
}
