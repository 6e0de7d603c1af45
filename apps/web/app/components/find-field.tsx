/**
 * A labelled search box that narrows a list as the member types (`texts`: its label and placeholder); it takes the
 * focus when it appears.
 */
export function FindField({
  id,
  texts,
  value,
  onChange,
}: {
  id: string;
  texts: { find: string; findPlaceholder: string };
  value: string;
  onChange(value: string): void;
}) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        {texts.find}
      </label>
      <input
        id={id}
        type="search"
        className="form-control mb-2"
        placeholder={texts.findPlaceholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus
      />
    </>
  );
}
