import { errorTitle } from "~/ui/error-page";
import { PageDesigner, type DesignerProps } from "./page-designer";
import type { MetaFunction } from "@remix-run/react";
import type { ReactNode } from "react";

type Screen = Pick<DesignerProps, "kind" | "eventId" | "document" | "canPreview" | "canConfigure">;

/**
 * One of the /admin/pages screens (landing, registration, silent auction): the page's name and what it covers, then
 * its designer. `screen` is the loader's answer (pages-designer/designs.server.ts, `designerScreen`).
 */
export function DesignerScreen({
  title,
  intro,
  screen,
  ...designer
}: { title: string; intro: ReactNode; screen: Screen } & Pick<DesignerProps, "reply" | "renderPreview" | "draftHref">) {
  return (
    <>
      <div className="page-header">
        <h1>{title}</h1>
        <p>{intro} Changes are kept as a draft until you publish them.</p>
      </div>
      <PageDesigner
        kind={screen.kind}
        eventId={screen.eventId}
        document={screen.document}
        canPreview={screen.canPreview}
        canConfigure={screen.canConfigure}
        {...designer}
      />
    </>
  );
}

/** A designer's title, and every catalogue font's stylesheet, so that the preview shows a newly chosen font at once. */
export function designerMeta(title: string): MetaFunction<() => { fontStylesheet: string }> {
  return ({ error, data }) => [
    { title: error ? `${errorTitle(error)} · Gavel` : `${title} · Pages · Gavel` },
    ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
  ];
}
