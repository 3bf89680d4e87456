/**
 * What the two monitor routes (/woa2025monitor, /lun2025monitor) share: their page, head and error page. Each route
 * keeps only its loader, which names its address.
 */
import { useLoaderData } from "@remix-run/react";
import monitorHref from "~/styles/monitor.css";
import paddleRaiseHref from "~/styles/paddle-raise.css";
import { ErrorPage } from "~/ui/error-page";
import { MonitorScreen } from "./monitor-screen";
import type { MonitorPath, MonitorState } from "../monitors";
import type { LinksFunction, MetaFunction } from "@remix-run/node";

interface MonitorPageData {
  path: MonitorPath;
  state: MonitorState;
  loadedAt: number;
  streamUrl: string;
}

export const meta: MetaFunction = ({ data }) => {
  const page = data as MonitorPageData | undefined;
  return [
    { title: page ? `${page.state.monitors[page.path]?.title ?? page.state.eventTitle} · Gavel` : "Monitor · Gavel" },
  ];
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: paddleRaiseHref },
  { rel: "stylesheet", href: monitorHref },
];

export default function MonitorRoute() {
  return <MonitorScreen {...useLoaderData<MonitorPageData>()} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
