/**
 * A page of the design lab's frames at a phone's width (390 px) and a desktop's (1280 px, drawn at half size), side by
 * side. Each frame is its own document, so the page inside meets the width it would on that device. Sandboxed: forms
 * cannot be sent from it, and its content is inert. Scripts are allowed only because Remix writes the page's data into
 * the document as small inline scripts (blocking them fills the console with errors); the frame's page comes without
 * the app's own scripts (its route's handle), so nothing in it hydrates or runs.
 */
const SANDBOX = "allow-same-origin allow-scripts";
export const PHONE_WIDTH = 390;
export const DESKTOP_WIDTH = 1280;

export function FramePair({ src, label, height = 760 }: { src: string; label: string; height?: number }) {
  return (
    <div className="frame-pair">
      <figure className="frame-pair__frame">
        <iframe
          src={src}
          title={`${label}, at a phone's width`}
          width={PHONE_WIDTH}
          height={height}
          loading="lazy"
          sandbox={SANDBOX}
          className="frame-pair__phone"
        />
        <figcaption>Phone, {PHONE_WIDTH} px</figcaption>
      </figure>
      <figure className="frame-pair__frame">
        <div className="frame-pair__desktop" style={{ width: DESKTOP_WIDTH / 2, height: height / 2 + 60 }}>
          <iframe
            src={src}
            title={`${label}, at a desktop's width`}
            width={DESKTOP_WIDTH}
            height={height + 120}
            loading="lazy"
            sandbox={SANDBOX}
          />
        </div>
        <figcaption>
          Desktop, {DESKTOP_WIDTH} px, at half size ·{" "}
          <a href={src} target="_blank" rel="noreferrer">
            open it on its own<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </figcaption>
      </figure>
    </div>
  );
}
