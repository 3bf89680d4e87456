// The benchmarks read a refused bid's next minimum from its answer's text (bench/support/posts.ts); they ask for
// compressed answers as a phone's browser does, so the text must be read as the answer was encoded.
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { answerText, nextMinimumIn } from "../../bench/support/posts";
import type http from "node:http";

const refusal = "Someone bid first: the next minimum bid is $1,250.00.";
const answer = (encoding?: string) =>
  ({ headers: encoding ? { "content-encoding": encoding } : {} }) as http.IncomingMessage;

describe("a benchmark's answer text", () => {
  it("is read as sent, whatever the encoding, split into chunks anywhere", () => {
    const encodings = [
      [undefined, Buffer.from(refusal)],
      ["gzip", gzipSync(refusal)],
      ["br", brotliCompressSync(refusal)],
      ["deflate", deflateSync(refusal)],
    ] as const;
    for (const [encoding, body] of encodings) {
      const chunks = [body.subarray(0, 5), body.subarray(5)];
      expect(answerText(answer(encoding), chunks)).toBe(refusal);
      expect(nextMinimumIn(answerText(answer(encoding), chunks))).toBe(125_000);
      // An acceptance's body is drained, not kept.
      expect(answerText(answer(encoding), [])).toBe("");
    }
  });
});
