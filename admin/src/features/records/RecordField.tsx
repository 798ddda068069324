import { resolveLookup, type AdminField, type AdminFormValues } from "@shop/shared";
import { timeZoneLabel } from "@shop/shared/domain/site-time";
import type { NumberFieldOptions } from "@shop/shared/domain/number-field";
import { FieldErrors } from "../../platform/FieldErrors";
import { NumberInput } from "../../platform/NumberInput";
import { ReferenceNames } from "../history/ReferenceNames";
import { RecordPicker } from "../lookups/RecordPicker";

type Props = {
  field: AdminField;
  values: AdminFormValues;
  saved: AdminFormValues;
  errors: string[] | undefined;
  zone: string;
  /** Shown, not editable: a read-only field, or the whole record while another editor holds it. */
  readOnly: boolean;
  /** The record cannot be changed here at all: every field shows as text. */
  asText?: boolean;
  onChange: (value: string) => void;
  onFocus?: () => void;
  /** §5: the field is checked as the editor leaves it. */
  onBlur?: () => void;
};

/** §5: whole numbers take digits only; money takes dollars and cents. No record field is negative. */
const NUMBER_FIELDS: Partial<Record<AdminField["type"], NumberFieldOptions>> = {
  integer: { format: "digits" },
  money: { format: "currency" },
};

const HINTS: Partial<Record<AdminField["type"], (zone: string) => string>> = {
  datetime: (zone) => `yyyy-mm-dd hh:mm, ${timeZoneLabel(zone)}`,
  money: () => "In dollars, e.g. 12.99",
};

/**
 * One described field: its label, the control for its type, its errors in the paragraph after it
 * (docs/decisions.md, "Field errors"), a hint.
 */
export function RecordField({
  field,
  values,
  saved,
  errors,
  zone,
  readOnly,
  asText = false,
  onChange,
  onFocus,
  onBlur,
}: Props) {
  const id = `id_${field.name}`;
  const value = values[field.name] ?? "";
  // The typing hints (formats, dollars) are for inputs only.
  const hint = field.help ?? (field.readOnly || asText ? undefined : HINTS[field.type]?.(zone));
  const common = {
    id,
    name: field.name,
    disabled: readOnly,
    onBlur,
    "aria-invalid": errors ? true : undefined,
    "aria-describedby": errors ? `${id}-errors` : hint ? `${id}-hint` : undefined,
  };
  const shownAsText = field.readOnly || asText;
  const picker = field.type === "reference" && field.lookup && !shownAsText;
  const label = (
    <label htmlFor={id}>
      {field.label}
      {field.required && !shownAsText && <span aria-hidden="true"> *</span>}
    </label>
  );
  return (
    <div className={`field field-${field.name} field-type-${field.type}`}>
      {(field.type === "boolean" && !shownAsText) || picker ? null : label}
      {picker ? (
        <ReferencePicker field={field} values={values} saved={saved} readOnly={readOnly} onChange={onChange} />
      ) : (
        <Control
          field={field}
          value={value}
          values={values}
          asText={shownAsText}
          common={common}
          onChange={onChange}
          onFocus={onFocus}
          label={label}
        />
      )}
      <FieldErrors id={`${id}-errors`} messages={errors} />
      {hint && (
        <p className="field-hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

type ControlProps = {
  field: AdminField;
  value: string;
  values: AdminFormValues;
  asText: boolean;
  common: Record<string, unknown>;
  onChange: (value: string) => void;
  onFocus?: () => void;
  label: React.ReactNode;
};

function Control({ field, value, values, asText, common, onChange, onFocus, label }: ControlProps) {
  const change = (event: { target: { value: string } }) => onChange(event.target.value);
  if (asText) {
    const lookup = field.type === "reference" && field.lookup ? resolveLookup(field.lookup, values) : null;
    const text =
      field.type === "boolean"
        ? value === "1"
          ? "Yes"
          : "No"
        : (field.choices?.find((c) => c.value === value)?.label ?? (value || "—"));
    return (
      <output id={String(common.id)} className="readonly-value" data-field={field.name}>
        {lookup && value ? <ReferenceNames api={lookup.api} ids={ids(value)} /> : text}
      </output>
    );
  }
  switch (field.type) {
    case "boolean":
      return (
        <label className="checkbox-label" htmlFor={String(common.id)}>
          <input
            {...common}
            type="checkbox"
            checked={value === "1"}
            onChange={(e) => onChange(e.target.checked ? "1" : "")}
          />{" "}
          {label}
        </label>
      );
    case "textarea":
    case "html":
      return (
        <textarea
          {...common}
          value={value}
          onChange={change}
          rows={field.type === "html" ? 10 : 4}
          className={field.type === "html" ? "code-readonly" : undefined}
        />
      );
    case "choice":
      return (
        <select {...common} value={value} onChange={change}>
          <option value="">—</option>
          {field.choices?.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      );
    case "integer":
    case "money": {
      const { onBlur: checkOnLeave, ...numberCommon } = common as { onBlur?: () => void };
      return (
        <NumberInput
          {...numberCommon}
          options={NUMBER_FIELDS[field.type]!}
          value={value}
          onValue={onChange}
          onFocus={onFocus}
          onLeave={() => checkOnLeave?.()}
        />
      );
    }
    default:
      return (
        <input
          {...common}
          type="text"
          value={value}
          onChange={change}
          onFocus={onFocus}
          autoComplete="off"
          placeholder={
            field.type === "datetime" ? "yyyy-mm-dd hh:mm" : field.type === "date" ? "yyyy-mm-dd" : undefined
          }
        />
      );
  }
}

type PickerProps = {
  field: AdminField;
  values: AdminFormValues;
  saved: AdminFormValues;
  readOnly: boolean;
  onChange: (value: string) => void;
};

const ids = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** A reference's record picker; its lookup may depend on other fields (ct_field, placeholder_fields). */
function ReferencePicker({ field, values, saved, readOnly, onChange }: PickerProps) {
  const lookup = resolveLookup(field.lookup!, values);
  if (!lookup)
    return (
      <p className="muted" id={`id_${field.name}`}>
        {field.label}: choose {field.lookup?.ctField ? "a content type" : "the fields it depends on"} first.
      </p>
    );
  const common = {
    id: `id_${field.name}`,
    api: lookup.api,
    label: field.label,
    searchFields: lookup.searchFields,
    displayFields: lookup.displayFields,
    addUrl: readOnly ? null : (lookup.addUrl ?? null),
  };
  return (
    <fieldset className="picker-fieldset" disabled={readOnly}>
      {field.lookup?.multiple ? (
        <RecordPicker
          {...common}
          key={lookup.api}
          multiple
          value={ids(values[field.name])}
          savedValue={ids(saved[field.name])}
          onChange={(next) => onChange(next.join(","))}
        />
      ) : (
        <RecordPicker
          {...common}
          key={lookup.api}
          value={ids(values[field.name])[0] ?? null}
          savedValue={ids(saved[field.name])[0] ?? null}
          onChange={(next) => onChange(next === null ? "" : String(next))}
        />
      )}
    </fieldset>
  );
}
