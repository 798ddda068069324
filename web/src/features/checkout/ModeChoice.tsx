/** Two radio buttons: the same as billing, or other (typed, or a gift's email). */
export function ModeChoice<M extends string>(props: {
  name: string;
  mode: M;
  onChange: (m: M) => void;
  same: string;
  other: string;
}) {
  const { name, mode, onChange, same, other } = props;
  return (
    <div className="mode-choice">
      <label>
        <input type="radio" name={name} checked={mode === "same"} onChange={() => onChange("same" as M)} /> {same}
      </label>
      <label>
        <input type="radio" name={name} checked={mode === "other"} onChange={() => onChange("other" as M)} /> {other}
      </label>
    </div>
  );
}
