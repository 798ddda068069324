import type { FormValues } from "./checkoutApi";
import { FormField } from "./FormField";
import "./organization-field.css";

/** The box's words: 'donating' when the form's submit button gives (its label says donate), else 'purchasing'. */
export function organizationCheckboxLabel(submitLabel: string): string {
  return /\bdonat/i.test(submitLabel)
    ? "I am donating on behalf of an organization/church"
    : "I am purchasing on behalf of an organization/church";
}

/** Where the donate page leaves the organisation's name for the checkout's billing step (one tab's session). */
export const ORGANIZATION_KEY = "checkout:org_name";

/**
 * The organisation checkbox and its field (back-office §3 "Organisation field"): the field is hidden
 * until the box is ticked, unticking slides it away and clears it, and a name filled at load starts
 * it ticked (the caller's `ticked`). The field stays in the page while closed so it can slide.
 */
export function OrganizationField({
  submitLabel,
  ticked,
  onTick,
  values,
  errors,
  onChange,
}: {
  submitLabel: string;
  ticked: boolean;
  onTick: (ticked: boolean) => void;
  values: FormValues;
  errors: Record<string, string[]>;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <>
      <div className="form-row checkbox">
        <label>
          <input
            type="checkbox"
            checked={ticked}
            aria-controls="organization-field"
            aria-expanded={ticked}
            onChange={(e) => {
              onTick(e.target.checked);
              if (!e.target.checked) onChange("org_name", "");
            }}
          />{" "}
          {organizationCheckboxLabel(submitLabel)}
        </label>
      </div>
      <div id="organization-field" className={ticked ? "slide-field open" : "slide-field"} inert={!ticked}>
        <div>
          <FormField name="org_name" label="Organization/church" values={values} errors={errors} onChange={onChange} />
        </div>
      </div>
    </>
  );
}
