// What the browser benchmarks (bench:lighthouse, bench:interactions) share to weigh scripts and
// print their figures.
import http from "node:http";

/** The median of the finite values (NaN when there is none). */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The body size of a URL as the server sends it with gzip (what the page downloads, headers aside). */
export function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** A table: the first column left-aligned, the others right-aligned. */
export function printColumns(header, body) {
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(`\n${line(header)}`);
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const cells of body) console.log(line(cells));
}
