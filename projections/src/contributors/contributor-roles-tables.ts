/** contributor_roles: who contributed to a node and as what, in sort_order. */
export interface ContributorRolesTable {
  id: number;
  node_id: number;
  contributor: string;
  role: string;
  sort_order: number;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface ContributorRolesTables {
  contributor_roles: ContributorRolesTable;
}
