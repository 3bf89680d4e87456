import { Link } from "@remix-run/react";
import { contrastOf, gradeText, ratioText, type colourKeys, type PianoChoice } from "~/design-lab/piano";

/** Every text colour on every background, with its contrast for body text; pressing one plays it. */
export function PairMatrix({
  colours,
  choice,
  pick,
  onPlay: play,
}: {
  colours: ReturnType<typeof colourKeys>;
  choice: PianoChoice;
  /** The query that plays a pair without JavaScript. */
  pick: (fg: PianoChoice["fg"], bg: PianoChoice["bg"]) => string;
  onPlay: (change: Pick<PianoChoice, "fg" | "bg">) => void;
}) {
  return (
    <section className="piano__matrix" aria-labelledby="piano-matrix-title">
      <h2 id="piano-matrix-title" className="section-heading">
        Every pair
      </h2>
      <p className="muted">
        Each text colour on each background, with its contrast for body text. Press one to play it.
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Text ↓ on background →</th>
              {colours.map((background) => (
                <th key={background.key} scope="col">
                  {background.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {colours.map((text) => (
              <tr key={text.key}>
                <th scope="row">{text.label}</th>
                {colours.map((background) => {
                  if (background.key === text.key) return <td key={background.key}>—</td>;
                  const pair = contrastOf(text.value, background.value);
                  const current = choice.fg === text.key && choice.bg === background.key;
                  return (
                    <td key={background.key}>
                      <Link
                        to={pick(text.key, background.key)}
                        className="piano__pair"
                        style={{ color: text.value, background: background.value }}
                        aria-current={current ? "true" : undefined}
                        replace
                        preventScrollReset
                        onClick={(click) => {
                          // With JavaScript the pair plays here; without, the link asks the server for it.
                          click.preventDefault();
                          play({ fg: text.key, bg: background.key });
                        }}
                      >
                        {/* Drawn by CSS: a sample of a pair that fails is meant to be hard to read. */}
                        <span className="piano__pair-sample" aria-hidden="true" />
                        <span className="visually-hidden">
                          {text.label} on {background.label}:
                        </span>
                      </Link>{" "}
                      {ratioText(pair.ratio)} <span className="piano__grade">{gradeText(pair)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
