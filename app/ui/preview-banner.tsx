/**
 * Shown on a public page whose feature is still in testing: only people who may preview the event see
 * the page at all, and this tells them the public does not see it yet.
 */
export function PreviewBanner({ feature }: { feature: string }) {
  return (
    <div className="preview-banner" role="note">
      <strong>Preview.</strong> {feature} is in testing: only your team can see this page. Switch testing off in Setup →
      Modules to open it to the public.
    </div>
  );
}
