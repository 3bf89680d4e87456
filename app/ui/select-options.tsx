/** The options of a select, each a value and the label shown for it. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
