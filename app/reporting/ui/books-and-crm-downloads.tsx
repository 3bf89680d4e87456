/**
 * The files for the charity's books and CRM beside a report (decision 038): each says what it is for and offers
 * its formats as plain links, with the page's event and dates, so it downloads without JavaScript.
 */
import { buttonClass } from "~/ui/button";
import type { BooksAndCrmExport } from "../reports";

export function BooksAndCrmDownloads({
  exports,
  download,
}: {
  exports: readonly BooksAndCrmExport[];
  download: (format: string, report: string) => string;
}) {
  return (
    <section className="report-exports" aria-labelledby="report-exports-title">
      <h2 id="report-exports-title">For your books and CRM</h2>
      <ul>
        {exports.map((file) => (
          <li key={file.report}>
            <p>
              <strong>{file.label}</strong>. {file.about}
            </p>
            <p className="report-exports__links">
              {file.formats.map((format) => (
                <a
                  key={format}
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                  href={download(format, file.report)}
                  download
                >
                  Download {file.short} {format.toUpperCase()}
                </a>
              ))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
