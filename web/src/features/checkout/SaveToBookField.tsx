/** 'Save to my address book' under a typed address, for a signed-in shopper (issue 26 point 6). */
export function SaveToBookField({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="form-row checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>Save to my address book</label>
    </div>
  );
}
