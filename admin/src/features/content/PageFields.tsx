import { IMAGE_SLUG_MAX_LENGTH, SITEMAP_PRIORITY_FIELD, SORT_ORDER_FIELD } from "@shop/shared";
import { RecordPicker } from "../lookups/RecordPicker";
import { Field } from "./Field";
import { NumberInput } from "../../platform/NumberInput";
import { FIELD_LABELS, type FieldErrors } from "./nodeFormValues";
import { idsOf, idsText, type PageFieldName } from "./pageFieldValues";
import type { NodeFormState } from "./useNodeForm";

type Props = {
  form: NodeFormState;
  errors: FieldErrors;
  /** Checks a field when the editor leaves it, with the value it was left with. */
  onLeave(field: PageFieldName, value: string): void;
};

const idOrNull = (text: string) => (text === "" ? null : Number(text));

/** The page fields of §3: sku and language node (foreign keys), menu nodes (many-to-many), image slug, sort order, sitemap priority. */
export function PageFields({ form, errors, onLeave }: Props) {
  const { values, base, setField } = form;
  const described = (field: PageFieldName, hint = false) =>
    [errors[field] ? `id_${field}-errors` : "", hint ? `id_${field}-hint` : ""].filter(Boolean).join(" ") || undefined;
  const numberProps = (field: "sort_order" | "sitemap_priority") => ({
    id: `id_${field}`,
    name: field,
    value: values[field],
    onValue: (value: string) => setField(field, value),
    onLeave: (value: string) => onLeave(field, value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": described(field, true),
  });

  return (
    <>
      <div className="field-row">
        <Field field="sku" errors={errors} labelFor={null}>
          <RecordPicker
            id="id_sku"
            api="/admin/api/product/sku/"
            label={FIELD_LABELS.sku}
            searchFields={["sku", "name"]}
            displayFields={["sku", "price"]}
            value={idOrNull(values.sku)}
            savedValue={idOrNull(base.sku)}
            onChange={(id) => setField("sku", id === null ? "" : String(id))}
          />
        </Field>
        <Field field="language_node" errors={errors} labelFor={null}>
          <RecordPicker
            id="id_language_node"
            api="/admin/api/translation/contentlangnode/"
            label={FIELD_LABELS.language_node}
            searchFields={["name", "slug"]}
            displayFields={["language"]}
            value={idOrNull(values.language_node)}
            savedValue={idOrNull(base.language_node)}
            onChange={(id) => setField("language_node", id === null ? "" : String(id))}
          />
        </Field>
      </div>
      <Field field="menu_nodes" errors={errors} labelFor={null}>
        <RecordPicker
          id="id_menu_nodes"
          multiple
          api="/admin/api/tree/menunode/"
          addUrl="/admin/tree/menunode/add/"
          label={FIELD_LABELS.menu_nodes}
          searchFields={["name", "slug"]}
          displayFields={["url"]}
          value={idsOf(values.menu_nodes)}
          savedValue={idsOf(base.menu_nodes)}
          onChange={(ids) => setField("menu_nodes", idsText(ids))}
        />
      </Field>
      <div className="field-row field-row-3">
        <Field field="image" errors={errors} hint="An image slug, e.g. ark-at-dusk.">
          <input
            id="id_image"
            name="image"
            value={values.image}
            maxLength={IMAGE_SLUG_MAX_LENGTH}
            autoComplete="off"
            onChange={(event) => setField("image", event.target.value)}
            onBlur={(event) => onLeave("image", event.target.value)}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={described("image", true)}
          />
        </Field>
        <Field field="sort_order" errors={errors} hint="Whole number; lower lists first.">
          <NumberInput options={SORT_ORDER_FIELD} {...numberProps("sort_order")} />
        </Field>
        <Field field="sitemap_priority" errors={errors} hint="0.0 to 1.0; search engines assume 0.5.">
          <NumberInput options={SITEMAP_PRIORITY_FIELD} {...numberProps("sitemap_priority")} />
        </Field>
      </div>
    </>
  );
}
