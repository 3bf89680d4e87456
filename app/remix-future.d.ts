// Types loader data as single fetch delivers it (v3_singleFetch is on in remix.config.js), so
// useLoaderData<typeof loader>() unwraps data() and keeps Dates, Maps and the like.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
