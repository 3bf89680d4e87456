/** What contrastWarnings (./branding.ts) found in an event's colours, announced as it changes; nothing when it found none. */
export function ContrastWarning({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="contrast-warning" role="status">
      <strong>Some text may be hard to read.</strong>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
