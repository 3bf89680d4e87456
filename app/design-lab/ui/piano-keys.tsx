import { type colourKeys, type PianoChoice } from "~/design-lab/piano";

/** A row of colour keys, radio buttons of one name: the background or the text colour. */
export function KeyRow({
  legend,
  name,
  selected,
  keys,
  onPick,
}: {
  legend: string;
  name: string;
  selected: string;
  keys: ReturnType<typeof colourKeys>;
  onPick: (key: PianoChoice["fg"]) => void;
}) {
  return (
    <fieldset className="piano__row">
      <legend>{legend}</legend>
      <div className="piano__octave">
        {keys.map((key) => (
          <label key={key.key} className="piano__key">
            <input
              type="radio"
              name={name}
              value={key.key}
              checked={selected === key.key}
              onChange={() => onPick(key.key)}
            />
            <span className="piano__swatch" style={{ background: key.value }} aria-hidden="true" />
            <span className="piano__label">
              {key.label}
              <code>{key.value}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A row of font keys, radio buttons of one name, each showing its face. */
export function FontRow({
  legend,
  name,
  selected,
  fonts,
  onPick,
}: {
  legend: string;
  name: string;
  selected: string;
  fonts: string[];
  onPick: (family: string) => void;
}) {
  return (
    <fieldset className="piano__row">
      <legend>{legend}</legend>
      <div className="piano__octave">
        {fonts.map((family) => (
          <label key={family} className="piano__key piano__key--font">
            <input
              type="radio"
              name={name}
              value={family}
              checked={selected === family}
              onChange={() => onPick(family)}
            />
            <span
              className="piano__sample"
              style={{ fontFamily: `"${family}", system-ui, sans-serif` }}
              aria-hidden="true"
            >
              Aa
            </span>
            <span className="piano__label">{family}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
