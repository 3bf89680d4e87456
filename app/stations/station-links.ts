import stationsHref from "~/styles/stations.css";
import type { LinkDescriptor } from "@remix-run/node";

/** What every station page links: the stations' styles, and the manifest that lets staff install the stations. */
export const stationLinks: LinkDescriptor[] = [
  { rel: "stylesheet", href: stationsHref },
  { rel: "manifest", href: "/station.webmanifest" },
];
