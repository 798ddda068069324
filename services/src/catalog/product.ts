import {
  ProductExistsError,
  ProductInvalidError,
  ProductNotFoundError,
  productEvents,
  StaleVersionError,
  type ProductEvent,
  type ProductFields,
  type UserRef,
} from "@shop/shared";
import { realChanges } from "./real-changes.ts";

/** A product as its stream folds it; `version` is the stream position of its last event. */
export type Product =
  | { exists: false; version: number }
  | { exists: true; id: number; version: number; fields: ProductFields; updatedAt: string; updatedBy: UserRef | null };

export const productDecider = {
  initialState: (): Product => ({ exists: false, version: -1 }),
  events: productEvents,
  // An event this code does not know still takes a stream position, which is the product's version.
  skip: (state: Product): Product => ({ ...state, version: state.version + 1 }),
  evolve(state: Product, event: ProductEvent): Product {
    const version = state.version + 1;
    switch (event.type) {
      case "ProductCreated": {
        const { id, createdAt, by, ...fields } = event.data;
        return { exists: true, id, version, fields, updatedAt: createdAt, updatedBy: by };
      }
      case "ProductUpdated":
        if (!state.exists) return { ...state, version };
        return {
          ...state,
          version,
          fields: { ...state.fields, ...stripUndefined(event.data.changes) },
          updatedAt: event.data.updatedAt,
          updatedBy: event.data.by,
        };
      default: {
        event satisfies never; // an event this code does not know changes nothing but the version
        return { ...state, version };
      }
    }
  },
};

export type ProductCommand =
  | { type: "CreateProduct"; data: { id: number; fields: ProductFields; now: Date; by: UserRef | null } }
  | {
      type: "UpdateProduct";
      data: { changes: Partial<ProductFields>; expectedVersion?: number; now: Date; by: UserRef | null };
    };

/** Pure: a product is created once; an update records only the fields that differ, and none when nothing does. */
export function decideProduct(command: ProductCommand, state: Product): ProductEvent[] {
  switch (command.type) {
    case "CreateProduct": {
      if (state.exists) throw new ProductExistsError();
      const { id, fields, now, by } = command.data;
      refuseInvalid(fields);
      return [{ type: "ProductCreated", data: { id, ...fields, createdAt: now.toISOString(), by } }];
    }
    case "UpdateProduct": {
      if (!state.exists) throw new ProductNotFoundError();
      const { changes, expectedVersion, now, by } = command.data;
      if (expectedVersion !== undefined && expectedVersion !== state.version)
        throw new StaleVersionError("product", state.updatedBy, state.updatedAt, state.version);
      const differing = realChanges(state.fields, changes);
      if (Object.keys(differing).length === 0) return [];
      refuseInvalid({ ...state.fields, ...differing });
      return [{ type: "ProductUpdated", data: { id: state.id, changes: differing, updatedAt: now.toISOString(), by } }];
    }
    default: {
      command satisfies never;
      return [];
    }
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function refuseInvalid(fields: ProductFields) {
  const errors: Record<string, string[]> = {};
  if (!fields.title.trim()) errors.title = ["This field is required."];
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(fields.slug))
    errors.slug = ["Enter a valid slug consisting of letters, numbers or hyphens."];
  if (fields.releaseDate !== null && !DATE.test(fields.releaseDate))
    errors.release_date = ["Enter a valid date (yyyy-mm-dd)."];
  const slugs = fields.attributes.map((a) => a.slug);
  if (new Set(slugs).size !== slugs.length) errors.attributes = ["Each attribute needs its own slug."];
  if (Object.keys(errors).length) throw new ProductInvalidError(errors);
}

function stripUndefined<T extends object>(changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}
